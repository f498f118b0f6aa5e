ALTER TABLE "challenges" ADD COLUMN "results_date" date;--> statement-breakpoint
ALTER TABLE "year" ADD COLUMN "campaign" jsonb;--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_results_date_check" CHECK ("challenges"."results_date" is null or "challenges"."results_date" >= "challenges"."end_date");