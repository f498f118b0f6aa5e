-- Nothing wrote published_results before this migration (tests aside); its rows had no version history.
DELETE FROM "published_results";--> statement-breakpoint
CREATE TABLE "result_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"year_id" text NOT NULL,
	"version" integer NOT NULL,
	"rows" jsonb NOT NULL,
	"rules" jsonb NOT NULL,
	"etag" text NOT NULL,
	"reason" text,
	"operator_id" text,
	"actor" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	CONSTRAINT "result_versions_kind_check" CHECK ("result_versions"."kind" in ('overall', 'challenge'))
);
--> statement-breakpoint
ALTER TABLE "published_results" ADD COLUMN "year_id" text NOT NULL;--> statement-breakpoint
ALTER TABLE "published_results" ADD COLUMN "version" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "published_results" ADD COLUMN "body" text NOT NULL;--> statement-breakpoint
ALTER TABLE "published_results" ADD COLUMN "etag" text NOT NULL;--> statement-breakpoint
ALTER TABLE "moderation_log" ADD COLUMN "challenge_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "result_versions_kind_key_version_idx" ON "result_versions" USING btree ("kind","key","version");--> statement-breakpoint
CREATE INDEX "published_results_year_idx" ON "published_results" USING btree ("year_id","kind");--> statement-breakpoint
CREATE INDEX "moderation_log_challenge_idx" ON "moderation_log" USING btree ("challenge_id","at");