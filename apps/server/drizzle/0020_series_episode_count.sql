ALTER TABLE "series" ADD COLUMN "episode_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "series" s SET "episode_count" = (SELECT count(*) FROM "episode" e WHERE e."series_id" = s."id");--> statement-breakpoint
CREATE FUNCTION "series_episode_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "series" SET "episode_count" = "episode_count" + 1 WHERE "id" = NEW."series_id";
  ELSE
    UPDATE "series" SET "episode_count" = "episode_count" - 1 WHERE "id" = OLD."series_id";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "episode_series_count" AFTER INSERT OR DELETE ON "episode" FOR EACH ROW EXECUTE FUNCTION "series_episode_count"();
