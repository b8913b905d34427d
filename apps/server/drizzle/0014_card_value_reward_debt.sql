CREATE TABLE "reward_debt" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "reward_debt_not_negative" CHECK ("reward_debt"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "membership_card" ADD COLUMN "value" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reward_debt" ADD CONSTRAINT "reward_debt_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Cards bought before this migration were credited at their price: they keep that value.
UPDATE "membership_card" SET "value" = "price";
