CREATE TABLE "remote_live_releases" (
	"remote" text PRIMARY KEY NOT NULL,
	"release_id" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remote_release_files" (
	"remote" text NOT NULL,
	"release_id" text NOT NULL,
	"path" text NOT NULL,
	"content_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "remote_release_files_pk" PRIMARY KEY("remote","release_id","path")
);
--> statement-breakpoint
CREATE TABLE "remote_releases" (
	"remote" text NOT NULL,
	"id" text NOT NULL,
	"files" integer NOT NULL,
	"bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "remote_releases_pk" PRIMARY KEY("remote","id")
);
--> statement-breakpoint
CREATE TABLE "media_files" (
	"name" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "remote_live_releases" ADD CONSTRAINT "remote_live_releases_release_fk" FOREIGN KEY ("remote","release_id") REFERENCES "public"."remote_releases"("remote","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_release_files" ADD CONSTRAINT "remote_release_files_release_fk" FOREIGN KEY ("remote","release_id") REFERENCES "public"."remote_releases"("remote","id") ON DELETE cascade ON UPDATE no action;