CREATE TABLE "team_count" (
	"ancestor_id" bigint NOT NULL,
	"depth" integer NOT NULL,
	"members" integer NOT NULL,
	CONSTRAINT "team_count_ancestor_id_depth_pk" PRIMARY KEY("ancestor_id","depth"),
	CONSTRAINT "team_count_depth" CHECK ("team_count"."depth" between 1 and 5),
	CONSTRAINT "team_count_members" CHECK ("team_count"."members" >= 0)
);
--> statement-breakpoint
ALTER TABLE "team_count" ADD CONSTRAINT "team_count_ancestor_id_app_user_id_fk" FOREIGN KEY ("ancestor_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Existing teams, counted once from their links.
INSERT INTO "team_count" ("ancestor_id", "depth", "members")
SELECT "ancestor_id", "depth", count(*)::int FROM "team_link" GROUP BY "ancestor_id", "depth";
