CREATE TABLE "transcode_job" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"series_id" bigint NOT NULL,
	"episode_number" integer NOT NULL,
	"episode_id" bigint,
	"source_key" text NOT NULL,
	"status" varchar(12) NOT NULL,
	"progress" real DEFAULT 0 NOT NULL,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"operator_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_canned_reply" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"title" varchar(60) NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_conversation" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"user_id" bigint NOT NULL,
	"status" varchar(8) NOT NULL,
	"assigned_operator_id" bigint,
	"last_message_id" bigint,
	"last_message_at" timestamp with time zone,
	"user_last_read_id" bigint DEFAULT 0 NOT NULL,
	"staff_last_read_id" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "chat_message" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"conversation_id" bigint NOT NULL,
	"sender_kind" varchar(8) NOT NULL,
	"sender_id" bigint,
	"sender_name" varchar(60),
	"kind" varchar(8) NOT NULL,
	"body" text NOT NULL,
	"image_key" text,
	"client_id" varchar(64) NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "series" ADD COLUMN "sort_order" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "series" ADD COLUMN "banner_order" integer;--> statement-breakpoint
ALTER TABLE "series" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "operator_session" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "operator_session" ADD COLUMN "ip" varchar(45);--> statement-breakpoint
ALTER TABLE "operator_session" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "operator" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "operator" ADD COLUMN "totp_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "operator" ADD COLUMN "totp_last_step" bigint;--> statement-breakpoint
ALTER TABLE "operator" ADD COLUMN "password_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transcode_job" ADD CONSTRAINT "transcode_job_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversation" ADD CONSTRAINT "chat_conversation_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_message" ADD CONSTRAINT "chat_message_conversation_id_chat_conversation_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transcode_job_status_idx" ON "transcode_job" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "transcode_job_series_idx" ON "transcode_job" USING btree ("series_id");--> statement-breakpoint
CREATE INDEX "chat_canned_reply_tenant_idx" ON "chat_canned_reply" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_conversation_open_uq" ON "chat_conversation" USING btree ("user_id") WHERE "chat_conversation"."status" = 'open';--> statement-breakpoint
CREATE INDEX "chat_conversation_tenant_idx" ON "chat_conversation" USING btree ("tenant_id","status","last_message_at");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_message_client_uq" ON "chat_message" USING btree ("conversation_id","sender_kind","client_id");--> statement-breakpoint
CREATE INDEX "chat_message_conversation_idx" ON "chat_message" USING btree ("conversation_id","id");