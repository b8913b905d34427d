CREATE TABLE "copyright_holding" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"product_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"quantity" integer NOT NULL,
	"paid" bigint NOT NULL,
	"daily_revenue" bigint NOT NULL,
	"first_day" date NOT NULL,
	"last_day" date NOT NULL,
	"request_id" varchar(64) NOT NULL,
	"request_hash" varchar(64) NOT NULL,
	"purchased_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "copyright_product" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"code" varchar(60) NOT NULL,
	"title" jsonb NOT NULL,
	"series_id" bigint,
	"cover" text,
	"total_quantity" integer NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"price" bigint NOT NULL,
	"daily_profit" bigint NOT NULL,
	"term_days" integer NOT NULL,
	"per_user_max" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "copyright_product_not_oversold" CHECK ("copyright_product"."sold" between 0 and "copyright_product"."total_quantity")
);
--> statement-breakpoint
CREATE TABLE "copyright_revenue" (
	"holding_id" bigint NOT NULL,
	"day" date NOT NULL,
	"user_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	CONSTRAINT "copyright_revenue_holding_id_day_pk" PRIMARY KEY("holding_id","day")
);
--> statement-breakpoint
CREATE TABLE "dividend_grant" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"user_id" bigint NOT NULL,
	"shares" integer NOT NULL,
	"value" bigint NOT NULL,
	"reference" varchar(120) NOT NULL,
	"granted_at" timestamp with time zone NOT NULL,
	"payout_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "salary_claim" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"user_id" bigint NOT NULL,
	"sequence" integer NOT NULL,
	"level" integer NOT NULL,
	"amount" bigint NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_link" (
	"ancestor_id" bigint NOT NULL,
	"descendant_id" bigint NOT NULL,
	"depth" integer NOT NULL,
	CONSTRAINT "team_link_ancestor_id_descendant_id_pk" PRIMARY KEY("ancestor_id","descendant_id"),
	CONSTRAINT "team_link_depth" CHECK ("team_link"."depth" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "team_reward" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"beneficiary_id" bigint NOT NULL,
	"source_user_id" bigint NOT NULL,
	"level" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"cause" varchar(20) NOT NULL,
	"base_amount" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"reference" varchar(120) NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tenant" ADD COLUMN "team_settings" jsonb;--> statement-breakpoint
ALTER TABLE "copyright_holding" ADD CONSTRAINT "copyright_holding_product_id_copyright_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."copyright_product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copyright_holding" ADD CONSTRAINT "copyright_holding_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copyright_product" ADD CONSTRAINT "copyright_product_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copyright_revenue" ADD CONSTRAINT "copyright_revenue_holding_id_copyright_holding_id_fk" FOREIGN KEY ("holding_id") REFERENCES "public"."copyright_holding"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copyright_revenue" ADD CONSTRAINT "copyright_revenue_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dividend_grant" ADD CONSTRAINT "dividend_grant_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_claim" ADD CONSTRAINT "salary_claim_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_link" ADD CONSTRAINT "team_link_ancestor_id_app_user_id_fk" FOREIGN KEY ("ancestor_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_link" ADD CONSTRAINT "team_link_descendant_id_app_user_id_fk" FOREIGN KEY ("descendant_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_reward" ADD CONSTRAINT "team_reward_beneficiary_id_app_user_id_fk" FOREIGN KEY ("beneficiary_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_reward" ADD CONSTRAINT "team_reward_source_user_id_app_user_id_fk" FOREIGN KEY ("source_user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "copyright_holding_request_uq" ON "copyright_holding" USING btree ("user_id","request_id");--> statement-breakpoint
CREATE INDEX "copyright_holding_user_idx" ON "copyright_holding" USING btree ("user_id","purchased_at");--> statement-breakpoint
CREATE INDEX "copyright_holding_product_user_idx" ON "copyright_holding" USING btree ("product_id","user_id");--> statement-breakpoint
CREATE INDEX "copyright_holding_due_idx" ON "copyright_holding" USING btree ("last_day");--> statement-breakpoint
CREATE UNIQUE INDEX "copyright_product_code_uq" ON "copyright_product" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "copyright_revenue_user_idx" ON "copyright_revenue" USING btree ("user_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "dividend_grant_reference_uq" ON "dividend_grant" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "dividend_grant_user_idx" ON "dividend_grant" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "dividend_grant_due_idx" ON "dividend_grant" USING btree ("payout_at");--> statement-breakpoint
CREATE UNIQUE INDEX "salary_claim_sequence_uq" ON "salary_claim" USING btree ("user_id","sequence");--> statement-breakpoint
CREATE INDEX "team_link_ancestor_depth_idx" ON "team_link" USING btree ("ancestor_id","depth");--> statement-breakpoint
CREATE INDEX "team_link_descendant_idx" ON "team_link" USING btree ("descendant_id","depth");--> statement-breakpoint
CREATE UNIQUE INDEX "team_reward_once_uq" ON "team_reward" USING btree ("kind","reference","beneficiary_id");--> statement-breakpoint
CREATE INDEX "team_reward_beneficiary_idx" ON "team_reward" USING btree ("beneficiary_id","created_at");--> statement-breakpoint
CREATE INDEX "team_reward_pair_idx" ON "team_reward" USING btree ("beneficiary_id","source_user_id");