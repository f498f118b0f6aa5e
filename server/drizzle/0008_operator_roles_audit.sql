-- Roles: operators that exist before this migration keep every right they had (admin); new ones start as moderators.
ALTER TABLE "operators" ADD COLUMN "role" text DEFAULT 'admin' NOT NULL;--> statement-breakpoint
ALTER TABLE "operators" ALTER COLUMN "role" SET DEFAULT 'moderator';--> statement-breakpoint
ALTER TABLE "operators" ADD CONSTRAINT "operators_role_check" CHECK ("operators"."role" in ('moderator', 'admin'));--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
-- Idle timeout: expires_at becomes the session's end as of its last use (30 minutes after it, at most 12 hours after the login).
ALTER TABLE "operator_sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "operator_sessions" SET "expires_at" = least("expires_at", now() + interval '30 minutes');--> statement-breakpoint
-- The audit log's subject: what a row is about (entries and challenges so far; operators from now on).
ALTER TABLE "moderation_log" ADD COLUMN "subject_type" text;--> statement-breakpoint
ALTER TABLE "moderation_log" ADD COLUMN "subject_id" text;--> statement-breakpoint
UPDATE "moderation_log" SET
  "subject_type" = CASE WHEN "participation_id" IS NOT NULL THEN 'participation' WHEN "challenge_id" IS NOT NULL THEN 'challenge' ELSE 'unknown' END,
  "subject_id" = coalesce("participation_id", "challenge_id", "id"::text);--> statement-breakpoint
-- Writers that name only the entry or the challenge (results, season import) get the subject filled in.
CREATE FUNCTION "moderation_log_subject"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."subject_type" IS NULL AND NEW."subject_id" IS NULL THEN
    IF NEW."participation_id" IS NOT NULL THEN
      NEW."subject_type" := 'participation';
      NEW."subject_id" := NEW."participation_id";
    ELSIF NEW."challenge_id" IS NOT NULL THEN
      NEW."subject_type" := 'challenge';
      NEW."subject_id" := NEW."challenge_id";
    END IF;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "moderation_log_subject" BEFORE INSERT ON "moderation_log" FOR EACH ROW EXECUTE FUNCTION "moderation_log_subject"();--> statement-breakpoint
ALTER TABLE "moderation_log" ADD CONSTRAINT "moderation_log_subject_check" CHECK ("moderation_log"."subject_type" is not null and "moderation_log"."subject_id" is not null);--> statement-breakpoint
CREATE INDEX "moderation_log_subject_idx" ON "moderation_log" USING btree ("subject_type","subject_id","at");--> statement-breakpoint
CREATE INDEX "moderation_log_action_idx" ON "moderation_log" USING btree ("action","at");
