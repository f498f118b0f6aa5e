CREATE TABLE "club_fan_consent_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"club_id" text NOT NULL,
	"email" text NOT NULL,
	"action" text NOT NULL,
	"text_version" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_hash" text
);
--> statement-breakpoint
CREATE TABLE "club_fans" (
	"id" serial PRIMARY KEY NOT NULL,
	"club_id" text NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"confirm_token_hash" text,
	"confirm_token_expires_at" timestamp with time zone,
	"unsubscribe_token" text NOT NULL,
	"consent_text_version" text NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"last_mail_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "club_fans_status_check" CHECK ("club_fans"."status" in ('pending', 'confirmed', 'unsubscribed'))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"occasion" text NOT NULL,
	"recipient" text NOT NULL,
	"kind" text NOT NULL,
	"template" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"skipped" text,
	CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('challenges', 'entries', 'results', 'messages', 'fans')),
	CONSTRAINT "notifications_skipped_check" CHECK ("notifications"."skipped" is null or "notifications"."skipped" in ('opted-out', 'no-recipient', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "operator_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"filter" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"recipients" integer,
	CONSTRAINT "operator_messages_status_check" CHECK ("operator_messages"."status" in ('draft', 'sending', 'sent'))
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "email_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "notifications_off" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "club_fans" ADD CONSTRAINT "club_fans_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "club_fan_consent_log_email_idx" ON "club_fan_consent_log" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "club_fans_club_email_idx" ON "club_fans" USING btree ("club_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "club_fans_confirm_token_idx" ON "club_fans" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "club_fans_unsubscribe_token_idx" ON "club_fans" USING btree ("unsubscribe_token");--> statement-breakpoint
CREATE INDEX "club_fans_club_status_idx" ON "club_fans" USING btree ("club_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_occasion_recipient_idx" ON "notifications" USING btree ("occasion","recipient");--> statement-breakpoint
CREATE INDEX "notifications_recipient_idx" ON "notifications" USING btree ("recipient");--> statement-breakpoint
CREATE INDEX "operator_messages_created_idx" ON "operator_messages" USING btree ("created_at");--> statement-breakpoint
UPDATE "profiles" AS p SET "email" = u."email", "email_confirmed_at" = CASE WHEN u."status" = 'CONFIRMED' THEN coalesce(u."confirmed_at", u."updated_at") END FROM "identity_users" AS u WHERE u."sub" = p."sub";
