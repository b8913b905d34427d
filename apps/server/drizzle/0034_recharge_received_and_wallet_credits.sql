CREATE TABLE "credit_quota" (
	"operator_id" bigint NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"day" varchar(10) NOT NULL,
	"used" bigint NOT NULL,
	CONSTRAINT "credit_quota_operator_id_tenant_id_day_pk" PRIMARY KEY("operator_id","tenant_id","day")
);
--> statement-breakpoint
CREATE TABLE "wallet_credit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" varchar(12) NOT NULL,
	"currency" varchar(8) NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"conversation_id" bigint,
	"status" varchar(10) NOT NULL,
	"requested_by" bigint NOT NULL,
	"requested_by_name" varchar(60) NOT NULL,
	"request_id" varchar(64) NOT NULL,
	"request_hash" varchar(64) NOT NULL,
	"quota_day" varchar(10) NOT NULL,
	"decided_by" bigint,
	"decided_by_name" varchar(60),
	"decision_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "recharge_order" ADD COLUMN "received_amount" bigint;--> statement-breakpoint
ALTER TABLE "wallet_credit" ADD CONSTRAINT "wallet_credit_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_credit" ADD CONSTRAINT "wallet_credit_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_credit_request_uq" ON "wallet_credit" USING btree ("requested_by","request_id");--> statement-breakpoint
CREATE INDEX "wallet_credit_user_idx" ON "wallet_credit" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "wallet_credit_queue_idx" ON "wallet_credit" USING btree ("tenant_id","status","created_at");