CREATE TABLE "ledger_account" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"currency" varchar(8) NOT NULL,
	"code" varchar(60) NOT NULL,
	"user_id" bigint,
	"allow_negative" boolean NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_account_no_overdraft" CHECK ("ledger_account"."allow_negative" or "ledger_account"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transfer" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"currency" varchar(8) NOT NULL,
	"debit_account_id" bigint NOT NULL,
	"credit_account_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"kind" varchar(30) NOT NULL,
	"reference" varchar(120) NOT NULL,
	"idempotency_key" varchar(160) NOT NULL,
	"request_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_transfer_positive" CHECK ("ledger_transfer"."amount" > 0),
	CONSTRAINT "ledger_transfer_two_accounts" CHECK ("ledger_transfer"."debit_account_id" <> "ledger_transfer"."credit_account_id")
);
--> statement-breakpoint
ALTER TABLE "ledger_account" ADD CONSTRAINT "ledger_account_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_account" ADD CONSTRAINT "ledger_account_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfer" ADD CONSTRAINT "ledger_transfer_debit_account_id_ledger_account_id_fk" FOREIGN KEY ("debit_account_id") REFERENCES "public"."ledger_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfer" ADD CONSTRAINT "ledger_transfer_credit_account_id_ledger_account_id_fk" FOREIGN KEY ("credit_account_id") REFERENCES "public"."ledger_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_account_code_uq" ON "ledger_account" USING btree ("tenant_id","currency","code");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfer_key_uq" ON "ledger_transfer" USING btree ("tenant_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "ledger_transfer_debit_idx" ON "ledger_transfer" USING btree ("debit_account_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_transfer_credit_idx" ON "ledger_transfer" USING btree ("credit_account_id","created_at");