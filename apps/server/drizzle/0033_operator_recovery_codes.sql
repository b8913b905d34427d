CREATE TABLE "operator_recovery_code" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"operator_id" bigint NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "operator_recovery_code" ADD CONSTRAINT "operator_recovery_code_operator_id_operator_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operator"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "operator_recovery_code_uq" ON "operator_recovery_code" USING btree ("operator_id","code_hash");