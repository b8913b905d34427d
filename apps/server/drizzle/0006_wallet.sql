CREATE TABLE "gateway_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" varchar(20) NOT NULL,
	"provider_txn_id" varchar(80),
	"order_no" varchar(32),
	"outcome" varchar(60) NOT NULL,
	"payload" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "membership_card" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"user_id" bigint NOT NULL,
	"tier" varchar(12) NOT NULL,
	"source" varchar(20) NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recharge_order" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"user_id" bigint NOT NULL,
	"channel" varchar(12) NOT NULL,
	"status" varchar(12) NOT NULL,
	"pay_currency" varchar(8) NOT NULL,
	"amount" bigint NOT NULL,
	"currency" varchar(8) NOT NULL,
	"credit_amount" bigint NOT NULL,
	"request_id" varchar(64) NOT NULL,
	"request_hash" varchar(64) NOT NULL,
	"instructions" jsonb NOT NULL,
	"reference" varchar(16),
	"provider_ref" varchar(80),
	"provider_txn_id" varchar(80),
	"tx_hash" varchar(64),
	"matched_reference" varchar(120),
	"reason" text,
	"operator_id" bigint,
	"expires_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"credited_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_payment" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"merchant_order_no" varchar(32) NOT NULL,
	"amount" bigint NOT NULL,
	"currency" varchar(8) NOT NULL,
	"return_url" text NOT NULL,
	"status" varchar(12) NOT NULL,
	"txn_id" varchar(80),
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawal" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"user_id" bigint NOT NULL,
	"currency" varchar(8) NOT NULL,
	"channel" varchar(8) NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"status" varchar(12) NOT NULL,
	"destination" jsonb NOT NULL,
	"request_id" varchar(64) NOT NULL,
	"request_hash" varchar(64) NOT NULL,
	"reason" text,
	"applied_at" timestamp with time zone NOT NULL,
	"approved_at" timestamp with time zone,
	"processing_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"rejected_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"operator_id" bigint NOT NULL,
	"operator_name" varchar(60) NOT NULL,
	"tenant_id" varchar(6),
	"action" varchar(60) NOT NULL,
	"target" varchar(120) NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_session" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"operator_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "operator" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"username" varchar(60) NOT NULL,
	"password_hash" text NOT NULL,
	"role" varchar(20) NOT NULL,
	"tenant_ids" jsonb NOT NULL,
	"must_change_password" boolean NOT NULL,
	"failed_logins" integer NOT NULL,
	"locked_until" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tenant" ADD COLUMN "wallet_settings" jsonb;--> statement-breakpoint
ALTER TABLE "membership_card" ADD CONSTRAINT "membership_card_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_card" ADD CONSTRAINT "membership_card_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharge_order" ADD CONSTRAINT "recharge_order_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharge_order" ADD CONSTRAINT "recharge_order_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal" ADD CONSTRAINT "withdrawal_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal" ADD CONSTRAINT "withdrawal_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_session" ADD CONSTRAINT "operator_session_operator_id_operator_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operator"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gateway_event_order_idx" ON "gateway_event" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "gateway_event_time_idx" ON "gateway_event" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "membership_card_user_idx" ON "membership_card" USING btree ("user_id","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "recharge_order_no_uq" ON "recharge_order" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "recharge_order_request_uq" ON "recharge_order" USING btree ("user_id","request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recharge_order_reference_uq" ON "recharge_order" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "recharge_order_provider_txn_uq" ON "recharge_order" USING btree ("channel","provider_txn_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recharge_order_tx_hash_uq" ON "recharge_order" USING btree ("tx_hash") WHERE "recharge_order"."status" <> 'rejected';--> statement-breakpoint
CREATE INDEX "recharge_order_user_idx" ON "recharge_order" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "recharge_order_queue_idx" ON "recharge_order" USING btree ("tenant_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_order_no_uq" ON "withdrawal" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_request_uq" ON "withdrawal" USING btree ("user_id","request_id");--> statement-breakpoint
CREATE INDEX "withdrawal_user_idx" ON "withdrawal" USING btree ("user_id","applied_at");--> statement-breakpoint
CREATE INDEX "withdrawal_queue_idx" ON "withdrawal" USING btree ("tenant_id","status","applied_at");--> statement-breakpoint
CREATE INDEX "audit_log_time_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_tenant_idx" ON "audit_log" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "operator_session_operator_idx" ON "operator_session" USING btree ("operator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "operator_username_uq" ON "operator" USING btree ("username");