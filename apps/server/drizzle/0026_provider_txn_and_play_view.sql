CREATE TABLE "play_view" (
	"episode_id" bigint NOT NULL,
	"viewer_key" varchar(40) NOT NULL,
	"series_id" bigint NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	CONSTRAINT "play_view_episode_id_viewer_key_pk" PRIMARY KEY("episode_id","viewer_key")
);
--> statement-breakpoint
DROP INDEX "recharge_order_provider_txn_uq";--> statement-breakpoint
ALTER TABLE "play_view" ADD CONSTRAINT "play_view_episode_id_episode_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episode"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "play_view_series_idx" ON "play_view" USING btree ("series_id","window_start","viewer_key");--> statement-breakpoint
CREATE INDEX "play_view_window_idx" ON "play_view" USING btree ("window_start");--> statement-breakpoint
CREATE UNIQUE INDEX "recharge_order_provider_txn_uq" ON "recharge_order" USING btree ("tenant_id","provider","provider_txn_id");