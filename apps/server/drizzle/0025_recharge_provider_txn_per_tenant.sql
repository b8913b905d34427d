DROP INDEX "recharge_order_provider_txn_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "recharge_order_provider_txn_uq" ON "recharge_order" USING btree ("tenant_id","provider","provider_txn_id");