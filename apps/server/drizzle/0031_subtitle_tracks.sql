CREATE TABLE "subtitle_track" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"episode_id" bigint NOT NULL,
	"language" varchar(20) NOT NULL,
	"label" varchar(60) NOT NULL,
	"storage_key" text NOT NULL,
	"bytes" integer NOT NULL,
	"cue_count" integer NOT NULL,
	"operator_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subtitle_track" ADD CONSTRAINT "subtitle_track_episode_id_episode_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episode"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subtitle_track_episode_language_uq" ON "subtitle_track" USING btree ("episode_id","language");