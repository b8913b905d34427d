CREATE TABLE "home_section" (
	"tenant_id" varchar(6) NOT NULL,
	"key" varchar(32) NOT NULL,
	"kind" varchar(8) NOT NULL,
	"title" jsonb NOT NULL,
	"position" integer NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"series_ids" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "home_section_tenant_id_key_pk" PRIMARY KEY("tenant_id","key")
);
--> statement-breakpoint
ALTER TABLE "home_section" ADD CONSTRAINT "home_section_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "home_section_position_uq" ON "home_section" USING btree ("tenant_id","position");