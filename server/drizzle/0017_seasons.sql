ALTER TABLE "challenges" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "withdrawn_reason" text;--> statement-breakpoint
ALTER TABLE "year" ADD COLUMN "banner_text1" text;--> statement-breakpoint
ALTER TABLE "year" ADD COLUMN "banner_text2" text;--> statement-breakpoint
CREATE UNIQUE INDEX "year_year_unique" ON "year" USING btree ("year");--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_withdrawn_check" CHECK (("challenges"."withdrawn_at" is null) = ("challenges"."withdrawn_reason" is null));--> statement-breakpoint
-- The banner strips belong to a season now: the current one keeps what the site showed.
UPDATE "year" SET "banner_text1" = s."banner_text1", "banner_text2" = s."banner_text2"
  FROM "site" s WHERE s."id" = 'site' AND s."current_year_id" = "year"."id";
