-- Issue 24: the list's search (q) reads search_text through a trigram index; pg_trgm ships with PostgreSQL
-- (a trusted extension: any owner of the database may create it) and with PGlite (loaded in lib/server/db).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "retired_signing_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"recipient_id" uuid NOT NULL,
	"retired_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "recipients" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "retired_signing_links" ADD CONSTRAINT "retired_signing_links_recipient_id_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."recipients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "retired_signing_links_recipient_idx" ON "retired_signing_links" USING btree ("recipient_id");--> statement-breakpoint
CREATE INDEX "requests_search_idx" ON "signature_requests" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- search_text is the title and every recipient's name and address, lower case, kept by triggers so that no
-- code path (API, dashboard, templates, bulk send, purge) can leave it stale.
CREATE OR REPLACE FUNCTION signet_request_search_text(req_id uuid, req_title text) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT lower(req_title || coalesce(' ' || (
    SELECT string_agg(r.name || ' ' || r.email, ' ' ORDER BY r.signing_order, r.created_at)
    FROM recipients r WHERE r.request_id = req_id), ''))
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION signet_requests_search() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := signet_request_search_text(NEW.id, NEW.title);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER signature_requests_search BEFORE INSERT OR UPDATE OF title ON signature_requests
  FOR EACH ROW EXECUTE FUNCTION signet_requests_search();--> statement-breakpoint
CREATE OR REPLACE FUNCTION signet_recipients_search() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE signature_requests SET search_text = signet_request_search_text(id, title)
  WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.request_id ELSE NEW.request_id END;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER recipients_search AFTER INSERT OR DELETE OR UPDATE OF name, email ON recipients
  FOR EACH ROW EXECUTE FUNCTION signet_recipients_search();--> statement-breakpoint
UPDATE signature_requests SET search_text = signet_request_search_text(id, title);
