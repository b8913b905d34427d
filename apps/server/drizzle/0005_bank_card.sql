CREATE TABLE "bank_card" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"bank" varchar(20) NOT NULL,
	"bank_name" varchar(60) NOT NULL,
	"account_name" varchar(60) NOT NULL,
	"first_name" varchar(40) NOT NULL,
	"last_name" varchar(40) NOT NULL,
	"email" varchar(254) NOT NULL,
	"phone" varchar(16) NOT NULL,
	"card_number" varchar(30) NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_card" ADD CONSTRAINT "bank_card_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_card_user_number_uq" ON "bank_card" USING btree ("user_id","card_number");--> statement-breakpoint
CREATE INDEX "bank_card_user_idx" ON "bank_card" USING btree ("user_id");