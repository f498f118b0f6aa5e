ALTER TABLE "identity_users" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "identity_users" ADD COLUMN "blocked_reason" text;