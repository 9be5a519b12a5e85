ALTER TABLE "embed_links" ADD COLUMN "session_hash" text;--> statement-breakpoint
ALTER TABLE "embed_links" ADD COLUMN "session_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "embed_links_session_idx" ON "embed_links" USING btree ("session_hash");