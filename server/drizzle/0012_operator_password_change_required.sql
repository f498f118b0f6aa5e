ALTER TABLE "operators" ADD COLUMN "password_change_required" boolean DEFAULT false NOT NULL;
