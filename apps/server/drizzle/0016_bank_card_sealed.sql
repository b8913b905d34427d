DROP INDEX "bank_card_user_number_uq";--> statement-breakpoint
ALTER TABLE "bank_card" ALTER COLUMN "card_number" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_card" ADD COLUMN "card_number_sealed" text;--> statement-breakpoint
ALTER TABLE "bank_card" ADD COLUMN "card_number_digest" varchar(64);--> statement-breakpoint
ALTER TABLE "bank_card" ADD COLUMN "card_last4" varchar(4);--> statement-breakpoint
CREATE UNIQUE INDEX "bank_card_user_digest_uq" ON "bank_card" USING btree ("user_id","card_number_digest");