ALTER TABLE "uploads" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;