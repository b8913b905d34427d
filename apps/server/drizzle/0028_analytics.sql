CREATE TABLE "analytics_episode_day" (
	"tenant_id" varchar(6) NOT NULL,
	"day" date NOT NULL,
	"series_id" integer NOT NULL,
	"episode" integer NOT NULL,
	"viewers" integer NOT NULL,
	"p25" integer NOT NULL,
	"p50" integer NOT NULL,
	"p75" integer NOT NULL,
	"completed" integer NOT NULL,
	"stopped" integer NOT NULL,
	"watch_seconds" bigint NOT NULL,
	"paywall_viewers" integer NOT NULL,
	"unlock_buy" integer NOT NULL,
	"unlock_trial" integer NOT NULL,
	"unlock_sign_in" integer NOT NULL,
	"unlock_dismiss" integer NOT NULL,
	"purchases" integer NOT NULL,
	"trials" integer NOT NULL,
	"conversions" integer NOT NULL,
	"revenue" bigint NOT NULL,
	CONSTRAINT "analytics_episode_day_tenant_id_series_id_day_episode_pk" PRIMARY KEY("tenant_id","series_id","day","episode")
);
--> statement-breakpoint
CREATE TABLE "analytics_funnel" (
	"tenant_id" varchar(6) NOT NULL,
	"first_visit_day" date NOT NULL,
	"source" varchar(8) NOT NULL,
	"first_play_day" date,
	"sign_up_day" date,
	"first_purchase_day" date,
	"viewers" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_rollup" (
	"tenant_id" varchar(6) NOT NULL,
	"day" date NOT NULL,
	"events" integer NOT NULL,
	"rolled_at" timestamp with time zone NOT NULL,
	CONSTRAINT "analytics_rollup_tenant_id_day_pk" PRIMARY KEY("tenant_id","day")
);
--> statement-breakpoint
CREATE TABLE "analytics_series_day" (
	"tenant_id" varchar(6) NOT NULL,
	"day" date NOT NULL,
	"series_id" integer NOT NULL,
	"viewers" integer NOT NULL,
	"watch_seconds" bigint NOT NULL,
	CONSTRAINT "analytics_series_day_tenant_id_day_series_id_pk" PRIMARY KEY("tenant_id","day","series_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_user_day" (
	"tenant_id" varchar(6) NOT NULL,
	"day" date NOT NULL,
	"user_id" bigint NOT NULL,
	"active" boolean NOT NULL,
	"first_purchases" integer NOT NULL,
	"renewals" integer NOT NULL,
	"upgrades" integer NOT NULL,
	"revenue" bigint NOT NULL,
	CONSTRAINT "analytics_user_day_tenant_id_day_user_id_pk" PRIMARY KEY("tenant_id","day","user_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_viewer" (
	"tenant_id" varchar(6) NOT NULL,
	"viewer" text NOT NULL,
	"source" varchar(8) NOT NULL,
	"first_visit_day" date,
	"first_play_day" date,
	"sign_up_day" date,
	"first_purchase_day" date,
	"source_at" timestamp with time zone NOT NULL,
	"merged_into" text,
	CONSTRAINT "analytics_viewer_tenant_id_viewer_pk" PRIMARY KEY("tenant_id","viewer")
);
--> statement-breakpoint
CREATE INDEX "analytics_funnel_tenant_day_idx" ON "analytics_funnel" USING btree ("tenant_id","first_visit_day");--> statement-breakpoint
CREATE INDEX "analytics_series_day_series_idx" ON "analytics_series_day" USING btree ("tenant_id","series_id","day");--> statement-breakpoint
CREATE INDEX "analytics_user_day_paying_idx" ON "analytics_user_day" USING btree ("tenant_id","day") WHERE first_purchases + renewals + upgrades > 0;--> statement-breakpoint
CREATE INDEX "analytics_viewer_visit_idx" ON "analytics_viewer" USING btree ("tenant_id","first_visit_day");--> statement-breakpoint
CREATE INDEX "analytics_viewer_sign_up_idx" ON "analytics_viewer" USING btree ("tenant_id","sign_up_day");--> statement-breakpoint
-- Written by hand (drizzle cannot declare partitioned tables): the raw viewing events, one
-- partition per UTC day (`analytics_event_YYYYMMDD`), made ahead and dropped after the retention
-- period by modules/analytics/partitions.ts. (day, id) is unique: a retried event counts once.
CREATE TABLE "analytics_event" (
	"day" date NOT NULL,
	"id" uuid NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"type" varchar(20) NOT NULL,
	"user_id" bigint,
	"device_id" varchar(64),
	"series_id" integer,
	"episode_id" integer,
	"episode" integer,
	"percent" smallint,
	"seconds" real,
	"detail" varchar(16),
	"amount" bigint,
	PRIMARY KEY ("day", "id")
) PARTITION BY RANGE ("day");
--> statement-breakpoint
CREATE INDEX "analytics_event_tenant_at_idx" ON "analytics_event" ("tenant_id", "at");
