CREATE TABLE "identity_login_failures" (
	"sub" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"locked_until" timestamp with time zone,
	"last_failure_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "identity_login_failures_last_failure_idx" ON "identity_login_failures" USING btree ("last_failure_at");--> statement-breakpoint
-- Counts and locks in force move to the new table (a lock at most 15 minutes from now: it may have been set on a shifted clock).
INSERT INTO "identity_login_failures" ("sub", "failures", "locked_until", "last_failure_at")
SELECT "sub",
	CASE WHEN "locked_until" > now() THEN 5 ELSE "failed_logins" END,
	CASE WHEN "locked_until" > now() THEN least("locked_until", now() + interval '15 minutes') END,
	now()
FROM "identity_users" WHERE "locked_until" > now() OR "failed_logins" > 0;--> statement-breakpoint
ALTER TABLE "identity_users" DROP COLUMN "failed_logins";--> statement-breakpoint
ALTER TABLE "identity_users" DROP COLUMN "locked_until";