CREATE TABLE "reach_counts" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"challenge_id" text,
	"participation_id" text,
	"club_id" text NOT NULL,
	"channel" text NOT NULL,
	"previews" integer DEFAULT 0 NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"votes" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "reach_counts_kind_check" CHECK ("reach_counts"."kind" in ('entry', 'club')),
	CONSTRAINT "reach_counts_target_check" CHECK (("reach_counts"."kind" = 'entry' and "reach_counts"."challenge_id" is not null and "reach_counts"."participation_id" is not null) or ("reach_counts"."kind" = 'club' and "reach_counts"."challenge_id" is null and "reach_counts"."participation_id" is null)),
	CONSTRAINT "reach_counts_channel_check" CHECK ("reach_counts"."channel" in ('whatsapp', 'qr', 'story', 'copy', 'share', 'direct')),
	CONSTRAINT "reach_counts_counts_check" CHECK ("reach_counts"."previews" >= 0 and "reach_counts"."visits" >= 0 and "reach_counts"."votes" >= 0)
);
--> statement-breakpoint
ALTER TABLE "reach_counts" ADD CONSTRAINT "reach_counts_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reach_counts" ADD CONSTRAINT "reach_counts_participation_id_participations_id_fk" FOREIGN KEY ("participation_id") REFERENCES "public"."participations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reach_counts" ADD CONSTRAINT "reach_counts_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reach_counts_key_idx" ON "reach_counts" USING btree ("day","kind",coalesce("challenge_id", ''),coalesce("participation_id", ''),"club_id","channel");--> statement-breakpoint
CREATE INDEX "reach_counts_participation_idx" ON "reach_counts" USING btree ("participation_id");--> statement-breakpoint
CREATE INDEX "reach_counts_challenge_day_idx" ON "reach_counts" USING btree ("challenge_id","day");--> statement-breakpoint
CREATE INDEX "reach_counts_club_idx" ON "reach_counts" USING btree ("club_id");