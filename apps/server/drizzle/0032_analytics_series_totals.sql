ALTER TABLE "analytics_series_day" ADD COLUMN "episode_viewers" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_series_day" ADD COLUMN "paywall_viewers" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_series_day" ADD COLUMN "conversions" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_series_day" ADD COLUMN "revenue" bigint DEFAULT 0 NOT NULL;