CREATE TABLE "request_revisions" (
	"request_id" uuid PRIMARY KEY NOT NULL,
	"revision" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "request_revisions" ADD CONSTRAINT "request_revisions_request_id_signature_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."signature_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A request's revision moves once per committed transaction that changed the request or a row of it that
-- GET /signature-requests/{id} shows. Constraint triggers deferred to the commit: the revision row is locked
-- last, by a transaction that waits for nothing else, so a writer holding a request's rows never waits for
-- it while another holds it (no new deadlock), and a transaction that changes many rows moves it once (the
-- row's xmin is this transaction's id after the first). A request deleted in the same transaction takes its
-- revision with it (the foreign key's cascade), and none is made for it again.
CREATE OR REPLACE FUNCTION signet_request_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  rid uuid;
BEGIN
  IF TG_TABLE_NAME = 'signature_requests' THEN
    rid := CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END;
  ELSE
    rid := CASE WHEN TG_OP = 'DELETE' THEN OLD.request_id ELSE NEW.request_id END;
  END IF;
  INSERT INTO request_revisions AS r (request_id, revision)
    SELECT rid, 1 WHERE EXISTS (SELECT 1 FROM signature_requests WHERE id = rid)
  ON CONFLICT (request_id) DO UPDATE SET revision = r.revision + 1
    WHERE r.xmin::text::bigint <> txid_current() % 4294967296;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER signature_requests_revision AFTER INSERT OR UPDATE ON signature_requests
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION signet_request_changed();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER request_documents_revision AFTER INSERT OR UPDATE OR DELETE ON request_documents
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION signet_request_changed();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER document_versions_revision AFTER INSERT OR UPDATE OR DELETE ON document_versions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION signet_request_changed();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER recipients_revision AFTER INSERT OR UPDATE OR DELETE ON recipients
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION signet_request_changed();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER fields_revision AFTER INSERT OR UPDATE OR DELETE ON fields
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION signet_request_changed();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER send_approvals_revision AFTER INSERT OR UPDATE OR DELETE ON send_approvals
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION signet_request_changed();--> statement-breakpoint
INSERT INTO request_revisions (request_id, revision) SELECT id, 1 FROM signature_requests;--> statement-breakpoint
-- What authenticates a key (its row, its organization's plan) changed: every instance drops the keys it
-- keeps in memory (lib/server/auth/authenticate.ts). Writing a key's last use is not a change of it.
CREATE OR REPLACE FUNCTION signet_keys_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('signet_keys', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER api_keys_deleted AFTER DELETE ON api_keys
  FOR EACH STATEMENT EXECUTE FUNCTION signet_keys_changed();--> statement-breakpoint
CREATE TRIGGER api_keys_updated AFTER UPDATE ON api_keys FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'last_used_at') IS DISTINCT FROM (to_jsonb(NEW) - 'last_used_at'))
  EXECUTE FUNCTION signet_keys_changed();--> statement-breakpoint
CREATE TRIGGER organizations_changed AFTER UPDATE OR DELETE ON organizations
  FOR EACH STATEMENT EXECUTE FUNCTION signet_keys_changed();
