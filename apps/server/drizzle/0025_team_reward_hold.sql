ALTER TABLE "team_reward" ADD COLUMN "status" varchar(10) DEFAULT 'paid' NOT NULL;--> statement-breakpoint
ALTER TABLE "team_reward" ADD COLUMN "releases_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "team_reward" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "team_reward_held_idx" ON "team_reward" USING btree ("releases_at") WHERE "team_reward"."status" = 'held';--> statement-breakpoint
ALTER TABLE "team_reward" ADD CONSTRAINT "team_reward_status" CHECK ("team_reward"."status" in ('held', 'paid', 'cancelled'));--> statement-breakpoint
-- Rewards paid before the hold reached the wallet when they were made.
UPDATE "team_reward" SET "paid_at" = "created_at" WHERE "paid_at" IS NULL;