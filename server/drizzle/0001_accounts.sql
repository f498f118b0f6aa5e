CREATE TABLE "identity_codes" (
	"sub" text NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "identity_codes_sub_purpose_pk" PRIMARY KEY("sub","purpose"),
	CONSTRAINT "identity_codes_purpose_check" CHECK ("identity_codes"."purpose" in ('signup', 'reset'))
);
--> statement-breakpoint
CREATE TABLE "identity_sessions" (
	"origin_jti" text PRIMARY KEY NOT NULL,
	"sub" text NOT NULL,
	"client_id" text NOT NULL,
	"refresh_token_hash" text NOT NULL,
	"auth_time" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"private_key_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_used_secret_blocks" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_users" (
	"sub" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'UNCONFIRMED' NOT NULL,
	"salt" text NOT NULL,
	"verifier" text NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "identity_users_status_check" CHECK ("identity_users"."status" in ('UNCONFIRMED', 'CONFIRMED')),
	CONSTRAINT "identity_users_email_lower_check" CHECK ("identity_users"."email" = lower("identity_users"."email"))
);
--> statement-breakpoint
CREATE TABLE "rate_limit_counters" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limit_counters_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"sub" text PRIMARY KEY NOT NULL,
	"club_id" text NOT NULL,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"street" text NOT NULL,
	"city" text NOT NULL,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identity_codes" ADD CONSTRAINT "identity_codes_sub_identity_users_sub_fk" FOREIGN KEY ("sub") REFERENCES "public"."identity_users"("sub") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_sessions" ADD CONSTRAINT "identity_sessions_sub_identity_users_sub_fk" FOREIGN KEY ("sub") REFERENCES "public"."identity_users"("sub") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_sub_identity_users_sub_fk" FOREIGN KEY ("sub") REFERENCES "public"."identity_users"("sub") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "identity_sessions_refresh_token_idx" ON "identity_sessions" USING btree ("refresh_token_hash");--> statement-breakpoint
CREATE INDEX "identity_sessions_sub_idx" ON "identity_sessions" USING btree ("sub");--> statement-breakpoint
CREATE INDEX "identity_sessions_expires_idx" ON "identity_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "identity_used_secret_blocks_expires_idx" ON "identity_used_secret_blocks" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_users_email_idx" ON "identity_users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "rate_limit_counters_expires_idx" ON "rate_limit_counters" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_club_id_idx" ON "profiles" USING btree ("club_id");