CREATE TABLE "trial_card" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"owner_id" bigint,
	"giver_id" bigint,
	"source" varchar(10) NOT NULL,
	"code" varchar(12),
	"request_id" varchar(64),
	"claimed_at" timestamp with time zone,
	"activated_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tenant" ADD COLUMN "membership_settings" jsonb;--> statement-breakpoint
ALTER TABLE "membership_card" ADD COLUMN "price" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "membership_card" ADD COLUMN "paid" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "membership_card" ADD COLUMN "replaced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "membership_card" ADD COLUMN "request_id" varchar(80);--> statement-breakpoint
ALTER TABLE "membership_card" ADD COLUMN "request_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "recharge_order" ADD COLUMN "purpose" jsonb;--> statement-breakpoint
ALTER TABLE "trial_card" ADD CONSTRAINT "trial_card_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_card" ADD CONSTRAINT "trial_card_owner_id_app_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_card" ADD CONSTRAINT "trial_card_giver_id_app_user_id_fk" FOREIGN KEY ("giver_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trial_card_code_uq" ON "trial_card" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "trial_card_signup_uq" ON "trial_card" USING btree ("owner_id") WHERE "trial_card"."source" = 'signup';--> statement-breakpoint
CREATE UNIQUE INDEX "trial_card_gift_request_uq" ON "trial_card" USING btree ("giver_id","request_id");--> statement-breakpoint
CREATE INDEX "trial_card_owner_idx" ON "trial_card" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "trial_card_giver_idx" ON "trial_card" USING btree ("giver_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_card_request_uq" ON "membership_card" USING btree ("user_id","request_id");