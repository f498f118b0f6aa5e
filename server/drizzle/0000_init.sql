CREATE TABLE "challenges" (
	"id" text PRIMARY KEY NOT NULL,
	"year_id" text NOT NULL,
	"position" integer NOT NULL,
	"object_type_id" text NOT NULL,
	"headline" text NOT NULL,
	"teasertitle" text,
	"teasertext" text,
	"question" text,
	"footnote" text,
	"teaser_image" jsonb,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"start_date_submission" date,
	"end_date_submission" date,
	"start_date_voting" date,
	"end_date_voting" date,
	"points" jsonb NOT NULL,
	"prizes" jsonb,
	"right_answer" integer,
	"scoring" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "challenges_object_type_check" CHECK ("challenges"."object_type_id" in ('bfv-erd-estimate', 'bfv-erd-goals', 'bfv-erd-picture-vote', 'bfv-erd-text-vote')),
	CONSTRAINT "challenges_dates_check" CHECK ("challenges"."start_date" <= "challenges"."end_date"),
	CONSTRAINT "challenges_scoring_check" CHECK ("challenges"."scoring" is null or "challenges"."scoring" in ('highest', 'closest'))
);
--> statement-breakpoint
CREATE TABLE "clubs" (
	"id" text PRIMARY KEY NOT NULL,
	"clubnumber" text NOT NULL,
	"clubname" text NOT NULL,
	"team" text NOT NULL,
	"logourl" text,
	"linkurl" text,
	"search" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clubs_team_check" CHECK ("clubs"."team" in ('m', 'w'))
);
--> statement-breakpoint
CREATE TABLE "year" (
	"id" text PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"teasers" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site" (
	"id" text PRIMARY KEY NOT NULL,
	"current_year_id" text,
	"terms" jsonb NOT NULL,
	"data_protection" jsonb NOT NULL,
	"imprint" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "participations" (
	"id" text PRIMARY KEY NOT NULL,
	"challenge_id" text NOT NULL,
	"club_id" text NOT NULL,
	"object_type_id" text NOT NULL,
	"slogan" text,
	"image" jsonb,
	"estimate" integer,
	"votes" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "participations_state_check" CHECK ("participations"."state" in ('pending', 'published', 'rejected')),
	CONSTRAINT "participations_object_type_check" CHECK ("participations"."object_type_id" in ('bfv-erd-text-participation', 'bfv-erd-picture-participation', 'bfv-erd-estimate-participation')),
	CONSTRAINT "participations_votes_check" CHECK ("participations"."votes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "published_results" (
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"rows" jsonb NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "published_results_kind_key_pk" PRIMARY KEY("kind","key"),
	CONSTRAINT "published_results_kind_check" CHECK ("published_results"."kind" in ('overall', 'challenge'))
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"confirm_token_hash" text,
	"confirm_token_expires_at" timestamp with time zone,
	"unsubscribe_token" text NOT NULL,
	"consent_text_version" text NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_mail_at" timestamp with time zone,
	CONSTRAINT "newsletter_subscriptions_status_check" CHECK ("newsletter_subscriptions"."status" in ('pending', 'confirmed', 'unsubscribed'))
);
--> statement-breakpoint
CREATE TABLE "newsletter_consent_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"action" text NOT NULL,
	"text_version" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_hash" text
);
--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_year_id_year_id_fk" FOREIGN KEY ("year_id") REFERENCES "public"."year"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site" ADD CONSTRAINT "site_current_year_id_year_id_fk" FOREIGN KEY ("current_year_id") REFERENCES "public"."year"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participations" ADD CONSTRAINT "participations_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participations" ADD CONSTRAINT "participations_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "challenges_year_position_idx" ON "challenges" USING btree ("year_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "clubs_clubnumber_team_idx" ON "clubs" USING btree ("clubnumber","team");--> statement-breakpoint
CREATE INDEX "clubs_search_idx" ON "clubs" USING btree ("search");--> statement-breakpoint
CREATE INDEX "participations_challenge_created_idx" ON "participations" USING btree ("challenge_id","state","created_at");--> statement-breakpoint
CREATE INDEX "participations_challenge_votes_idx" ON "participations" USING btree ("challenge_id","state","votes");--> statement-breakpoint
CREATE INDEX "participations_club_idx" ON "participations" USING btree ("club_id");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscriptions_email_idx" ON "newsletter_subscriptions" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscriptions_confirm_token_idx" ON "newsletter_subscriptions" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscriptions_unsubscribe_token_idx" ON "newsletter_subscriptions" USING btree ("unsubscribe_token");--> statement-breakpoint
CREATE INDEX "newsletter_subscriptions_status_idx" ON "newsletter_subscriptions" USING btree ("status");--> statement-breakpoint
CREATE INDEX "newsletter_consent_log_email_idx" ON "newsletter_consent_log" USING btree ("email");