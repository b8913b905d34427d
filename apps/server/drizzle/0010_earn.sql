CREATE TABLE "checkin" (
	"user_id" bigint NOT NULL,
	"day" date NOT NULL,
	"streak" integer NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "checkin_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "daily_award" (
	"user_id" bigint NOT NULL,
	"day" date NOT NULL,
	"tier" varchar(12) NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "daily_award_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "red_packet_share" (
	"packet_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"amount" bigint NOT NULL,
	"claimed_by" bigint,
	"claimed_at" timestamp with time zone,
	CONSTRAINT "red_packet_share_packet_id_seq_pk" PRIMARY KEY("packet_id","seq")
);
--> statement-breakpoint
CREATE TABLE "red_packet" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"sender_id" bigint NOT NULL,
	"currency" varchar(8) NOT NULL,
	"amount" bigint NOT NULL,
	"shares" integer NOT NULL,
	"split" varchar(8) NOT NULL,
	"greeting" text NOT NULL,
	"request_id" varchar(64) NOT NULL,
	"request_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"refunded_at" timestamp with time zone,
	"refunded" bigint,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_claim" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"code" varchar(40) NOT NULL,
	"period" varchar(12) NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tenant" ADD COLUMN "earn_settings" jsonb;--> statement-breakpoint
ALTER TABLE "checkin" ADD CONSTRAINT "checkin_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_award" ADD CONSTRAINT "daily_award_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_packet_share" ADD CONSTRAINT "red_packet_share_packet_id_red_packet_id_fk" FOREIGN KEY ("packet_id") REFERENCES "public"."red_packet"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_packet_share" ADD CONSTRAINT "red_packet_share_claimed_by_app_user_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_packet" ADD CONSTRAINT "red_packet_sender_id_app_user_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_claim" ADD CONSTRAINT "task_claim_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "red_packet_share_claimer_uq" ON "red_packet_share" USING btree ("packet_id","claimed_by");--> statement-breakpoint
CREATE INDEX "red_packet_share_claimer_idx" ON "red_packet_share" USING btree ("claimed_by");--> statement-breakpoint
CREATE UNIQUE INDEX "red_packet_request_uq" ON "red_packet" USING btree ("sender_id","request_id");--> statement-breakpoint
CREATE INDEX "red_packet_sender_idx" ON "red_packet" USING btree ("sender_id","created_at");--> statement-breakpoint
CREATE INDEX "red_packet_expiry_idx" ON "red_packet" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "task_claim_once_uq" ON "task_claim" USING btree ("user_id","code","period");