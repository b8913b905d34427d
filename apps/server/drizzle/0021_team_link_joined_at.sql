DROP INDEX "team_link_ancestor_depth_idx";--> statement-breakpoint
ALTER TABLE "team_link" ADD COLUMN "joined_at" timestamp with time zone;--> statement-breakpoint
UPDATE "team_link" l SET "joined_at" = u."created_at" FROM "app_user" u WHERE u."id" = l."descendant_id";--> statement-breakpoint
ALTER TABLE "team_link" ALTER COLUMN "joined_at" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "team_link_ancestor_joined_idx" ON "team_link" USING btree ("ancestor_id","joined_at" DESC NULLS FIRST,"descendant_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "team_link_ancestor_depth_idx" ON "team_link" USING btree ("ancestor_id","depth","joined_at" DESC NULLS FIRST,"descendant_id" DESC NULLS FIRST);