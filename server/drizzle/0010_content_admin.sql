ALTER TABLE "year" ADD COLUMN "teaser_markdown" jsonb;--> statement-breakpoint
ALTER TABLE "site" ADD COLUMN "terms_markdown" text;--> statement-breakpoint
ALTER TABLE "site" ADD COLUMN "data_protection_markdown" text;--> statement-breakpoint
ALTER TABLE "site" ADD COLUMN "imprint_markdown" text;--> statement-breakpoint
ALTER TABLE "site" ADD COLUMN "banner_text1" text;--> statement-breakpoint
ALTER TABLE "site" ADD COLUMN "banner_text2" text;