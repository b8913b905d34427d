ALTER TABLE "auth_ticket" ADD COLUMN "session_id" bigint;--> statement-breakpoint
ALTER TABLE "auth_ticket" ADD CONSTRAINT "auth_ticket_session_id_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."session"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_ticket_session_idx" ON "auth_ticket" USING btree ("session_id");