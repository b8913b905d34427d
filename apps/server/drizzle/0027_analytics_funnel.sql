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
CREATE INDEX "analytics_funnel_tenant_day_idx" ON "analytics_funnel" USING btree ("tenant_id","first_visit_day");--> statement-breakpoint
CREATE INDEX "analytics_user_day_paying_idx" ON "analytics_user_day" USING btree ("tenant_id","day") WHERE first_purchases + renewals + upgrades > 0;