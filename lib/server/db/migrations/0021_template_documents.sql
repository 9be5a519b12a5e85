CREATE TABLE "template_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"template_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"sha256" text NOT NULL,
	"size" bigint NOT NULL,
	"filename" text,
	"placeholders" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"anchors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"page_count" integer,
	"pages" jsonb,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	CONSTRAINT "template_documents_kind_check" CHECK ("template_documents"."kind" in ('PDF', 'DOCX'))
);
--> statement-breakpoint
-- Every existing template becomes a one-document template. Its document keeps the template's id (what
-- the builder named its fields' document by), is named after the file it was uploaded as (else the
-- template's name), and holds what the template row held; its fields stand on it. No bytes change.
INSERT INTO "template_documents" ("id", "template_id", "position", "name", "kind", "sha256", "size", "filename", "placeholders", "anchors", "page_count", "pages", "created_at")
  SELECT t."id", t."id", 1, COALESCE(NULLIF(t."filename", ''), t."name"), t."kind", t."sha256", t."size", t."filename",
    t."placeholders", t."anchors", t."page_count", t."pages", t."created_at"
  FROM "templates" t;--> statement-breakpoint
ALTER TABLE "templates" DROP CONSTRAINT "templates_kind_check";--> statement-breakpoint
ALTER TABLE "template_fields" ADD COLUMN "document_id" uuid;--> statement-breakpoint
UPDATE "template_fields" SET "document_id" = "template_id";--> statement-breakpoint
ALTER TABLE "template_fields" ALTER COLUMN "document_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "template_documents" ADD CONSTRAINT "template_documents_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "template_documents_template_idx" ON "template_documents" USING btree ("template_id","position");--> statement-breakpoint
CREATE INDEX "template_documents_sha256_idx" ON "template_documents" USING btree ("sha256");--> statement-breakpoint
ALTER TABLE "template_fields" ADD CONSTRAINT "template_fields_document_id_template_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."template_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" DROP COLUMN "kind";--> statement-breakpoint
ALTER TABLE "templates" DROP COLUMN "sha256";--> statement-breakpoint
ALTER TABLE "templates" DROP COLUMN "size";--> statement-breakpoint
ALTER TABLE "templates" DROP COLUMN "filename";--> statement-breakpoint
ALTER TABLE "templates" DROP COLUMN "placeholders";--> statement-breakpoint
ALTER TABLE "templates" DROP COLUMN "anchors";--> statement-breakpoint
ALTER TABLE "templates" DROP COLUMN "page_count";--> statement-breakpoint
ALTER TABLE "templates" DROP COLUMN "pages";