CREATE TABLE "payment_provider" (
	"tenant_id" varchar(6) NOT NULL,
	"provider" varchar(20) NOT NULL,
	"enabled" boolean NOT NULL,
	"methods" jsonb NOT NULL,
	"settings" jsonb NOT NULL,
	"secrets" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_provider_tenant_id_provider_pk" PRIMARY KEY("tenant_id","provider")
);
--> statement-breakpoint
ALTER TABLE "recharge_order" ADD COLUMN "provider" varchar(20);--> statement-breakpoint
ALTER TABLE "payment_provider" ADD CONSTRAINT "payment_provider_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;