DROP INDEX "series_tenant_idx";--> statement-breakpoint
CREATE INDEX "series_hot_idx" ON "series" USING btree ("tenant_id","status","play_count" DESC NULLS FIRST,"favorite_count" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "series_category_hot_idx" ON "series" USING btree ("tenant_id","status","category","play_count" DESC NULLS FIRST,"favorite_count" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "series_ranking_idx" ON "series" USING btree ("tenant_id","status","favorite_count" DESC NULLS FIRST,"play_count" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "series_new_idx" ON "series" USING btree ("tenant_id","status",("sort_order" = 0),"sort_order","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "series_free_idx" ON "series" USING btree ("tenant_id","status",("sort_order" = 0),"sort_order","free_episodes" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "series_banner_idx" ON "series" USING btree ("tenant_id","banner_order","id") WHERE "series"."banner_order" is not null;--> statement-breakpoint
CREATE INDEX "series_tenant_idx" ON "series" USING btree ("tenant_id","status","id");