CREATE TABLE "request_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL
);
--> statement-breakpoint
DROP INDEX "document_versions_req_ver_idx";--> statement-breakpoint
-- Every existing request becomes a one-document request: its document is named after the file it was
-- made from (else the request's title), and its versions and fields are that document's. No bytes change.
INSERT INTO "request_documents" ("request_id", "position", "name", "created_at")
  SELECT r."id", 1,
    COALESCE(
      (SELECT NULLIF(v."filename", '') FROM "document_versions" v WHERE v."request_id" = r."id" ORDER BY v."version" LIMIT 1),
      r."title"),
    r."created_at"
  FROM "signature_requests" r;--> statement-breakpoint
ALTER TABLE "document_versions" ADD COLUMN "document_id" uuid;--> statement-breakpoint
UPDATE "document_versions" v SET "document_id" = d."id" FROM "request_documents" d WHERE d."request_id" = v."request_id";--> statement-breakpoint
ALTER TABLE "document_versions" ALTER COLUMN "document_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "fields" ADD COLUMN "document_id" uuid;--> statement-breakpoint
UPDATE "fields" f SET "document_id" = d."id" FROM "request_documents" d WHERE d."request_id" = f."request_id";--> statement-breakpoint
ALTER TABLE "fields" ALTER COLUMN "document_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "request_documents" ADD CONSTRAINT "request_documents_request_id_signature_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."signature_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_documents_request_idx" ON "request_documents" USING btree ("request_id","position");--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_document_id_request_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."request_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fields" ADD CONSTRAINT "fields_document_id_request_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."request_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "document_versions_doc_ver_idx" ON "document_versions" USING btree ("document_id","version");--> statement-breakpoint
CREATE INDEX "document_versions_request_idx" ON "document_versions" USING btree ("request_id");