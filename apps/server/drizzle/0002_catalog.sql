CREATE TABLE "app_secret" (
	"name" varchar(40) PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "episode" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"series_id" bigint NOT NULL,
	"number" integer NOT NULL,
	"duration" real NOT NULL,
	"poster" text NOT NULL,
	"hls_key" text NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favorite" (
	"user_id" bigint NOT NULL,
	"series_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "favorite_user_id_series_id_pk" PRIMARY KEY("user_id","series_id")
);
--> statement-breakpoint
CREATE TABLE "episode_like" (
	"user_id" bigint NOT NULL,
	"episode_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "episode_like_user_id_episode_id_pk" PRIMARY KEY("user_id","episode_id")
);
--> statement-breakpoint
CREATE TABLE "point_entry" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"amount" integer NOT NULL,
	"kind" varchar(30) NOT NULL,
	"idempotency_key" varchar(120) NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "series" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"slug" varchar(80) NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"cover" text NOT NULL,
	"tags" jsonb NOT NULL,
	"category" varchar(40) NOT NULL,
	"status" varchar(12) DEFAULT 'published' NOT NULL,
	"free_episodes" integer NOT NULL,
	"favorite_count" integer DEFAULT 0 NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"play_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "view_history" (
	"user_id" bigint NOT NULL,
	"episode_id" bigint NOT NULL,
	"series_id" bigint NOT NULL,
	"progress" real NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "view_history_user_id_episode_id_pk" PRIMARY KEY("user_id","episode_id")
);
--> statement-breakpoint
ALTER TABLE "episode" ADD CONSTRAINT "episode_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite" ADD CONSTRAINT "favorite_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite" ADD CONSTRAINT "favorite_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_like" ADD CONSTRAINT "episode_like_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_like" ADD CONSTRAINT "episode_like_episode_id_episode_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episode"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_entry" ADD CONSTRAINT "point_entry_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "view_history" ADD CONSTRAINT "view_history_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "view_history" ADD CONSTRAINT "view_history_episode_id_episode_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episode"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "view_history" ADD CONSTRAINT "view_history_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "episode_series_number_uq" ON "episode" USING btree ("series_id","number");--> statement-breakpoint
CREATE INDEX "favorite_user_idx" ON "favorite" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "episode_like_user_idx" ON "episode_like" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "point_entry_key_uq" ON "point_entry" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "point_entry_user_idx" ON "point_entry" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "series_tenant_slug_uq" ON "series" USING btree ("tenant_id","slug");--> statement-breakpoint
CREATE INDEX "series_tenant_idx" ON "series" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "view_history_user_idx" ON "view_history" USING btree ("user_id","series_id","updated_at");