CREATE TABLE "uploads" (
	"key" text PRIMARY KEY NOT NULL,
	"club_id" text NOT NULL,
	"challenge_id" text NOT NULL,
	"sub" text NOT NULL,
	"original_name" text NOT NULL,
	"declared_content_type" text NOT NULL,
	"state" text DEFAULT 'issued' NOT NULL,
	"bytes" bigint,
	"format" text,
	"width" integer,
	"height" integer,
	"image" jsonb,
	"files" jsonb,
	"participation_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "uploads_state_check" CHECK ("uploads"."state" in ('issued', 'receiving', 'ready', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "votes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"participation_id" text NOT NULL,
	"challenge_id" text NOT NULL,
	"voter_id" text NOT NULL,
	"account_key" text,
	"account_sub" text,
	"ip_hash" text NOT NULL,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	"removed_by" text,
	"removal_reason" text
);
--> statement-breakpoint
CREATE TABLE "used_vote_proofs" (
	"signature" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"operator_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "moderation_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"action" text NOT NULL,
	"operator_id" text,
	"actor" text NOT NULL,
	"participation_id" text,
	"reason" text,
	"details" jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_participation_id_participations_id_fk" FOREIGN KEY ("participation_id") REFERENCES "public"."participations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_sessions" ADD CONSTRAINT "operator_sessions_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_club_challenge_idx" ON "uploads" USING btree ("club_id","challenge_id");--> statement-breakpoint
CREATE INDEX "uploads_participation_idx" ON "uploads" USING btree ("participation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "votes_participation_voter_idx" ON "votes" USING btree ("participation_id","voter_id");--> statement-breakpoint
CREATE UNIQUE INDEX "votes_participation_account_idx" ON "votes" USING btree ("participation_id","account_key");--> statement-breakpoint
CREATE INDEX "votes_participation_created_idx" ON "votes" USING btree ("participation_id","created_at");--> statement-breakpoint
CREATE INDEX "votes_ip_created_idx" ON "votes" USING btree ("ip_hash","created_at");--> statement-breakpoint
CREATE INDEX "used_vote_proofs_expires_idx" ON "used_vote_proofs" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "operator_sessions_operator_idx" ON "operator_sessions" USING btree ("operator_id");--> statement-breakpoint
CREATE INDEX "operator_sessions_expires_idx" ON "operator_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "operators_email_idx" ON "operators" USING btree ("email");--> statement-breakpoint
CREATE INDEX "moderation_log_participation_idx" ON "moderation_log" USING btree ("participation_id");--> statement-breakpoint
CREATE INDEX "moderation_log_at_idx" ON "moderation_log" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "participations_challenge_club_idx" ON "participations" USING btree ("challenge_id","club_id");