CREATE TABLE "tenant_domain" (
	"domain" varchar(253) PRIMARY KEY NOT NULL,
	"tenant_id" varchar(6) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenant" (
	"id" varchar(6) PRIMARY KEY NOT NULL,
	"name" varchar(60) NOT NULL,
	"currency" varchar(8) NOT NULL,
	"default_language" varchar(2) NOT NULL,
	"time_zone" text NOT NULL,
	"invite_url" text NOT NULL,
	"earn_enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tenant_domain" ADD CONSTRAINT "tenant_domain_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tenant_domain_tenant_idx" ON "tenant_domain" USING btree ("tenant_id");