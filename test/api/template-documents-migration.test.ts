import { describe, expect, it } from "vitest";
import { asc } from "drizzle-orm";
import { storeBefore } from "../support/migrations";
import { templateDocuments, templateFields } from "@/lib/server/db/schema";

// Migration 0021 (several documents per template) on a store made before it: every template becomes a
// one-document template whose document keeps the template's id, holds what the template row held (kind,
// file, placeholders, anchors, pages), and carries its fields.

const SHA = (c: string) => c.repeat(64);

describe("migration 0021_template_documents", () => {
  it("makes every existing template a one-document template, its fields on that document", async () => {
    const { client, db, q, migrateRest } = await storeBefore("0021_template_documents");
    const [org] = await q<{ id: string }>(`insert into organizations (name) values ('Old') returning id`);
    const [pdf] = await q<{ id: string }>(
      `insert into templates (org_id, environment, name, kind, sha256, size, filename, anchors, page_count, pages)
       values ($1, 'SANDBOX', 'Lease', 'PDF', $2, 1234, 'lease.pdf', '[{"anchorKey":"{{s1|date}}","valid":true}]', 2,
         '[{"width":612,"height":792},{"width":612,"height":792}]') returning id`,
      [org!.id, SHA("a")],
    );
    const [docx] = await q<{ id: string }>(
      `insert into templates (org_id, environment, name, kind, sha256, size, placeholders)
       values ($1, 'SANDBOX', 'Offer', 'DOCX', $2, 99, '["amount"]') returning id`,
      [org!.id, SHA("b")],
    );
    const [role] = await q<{ id: string }>(
      `insert into template_roles (template_id, position, name) values ($1, 1, 'Tenant') returning id`,
      [pdf!.id],
    );
    await q(
      `insert into template_fields (template_id, role_id, type, page, x, y, width, height) values ($1, $2, 'SIGNATURE', 2, 10, 10, 100, 30)`,
      [pdf!.id, role!.id],
    );

    await migrateRest();

    const docs = await db.select().from(templateDocuments).orderBy(asc(templateDocuments.sha256));
    expect(docs.map((d) => [d.id, d.templateId, d.position, d.name, d.kind, d.sha256, d.size, d.pageCount])).toEqual([
      [pdf!.id, pdf!.id, 1, "lease.pdf", "PDF", SHA("a"), 1234, 2],
      [docx!.id, docx!.id, 1, "Offer", "DOCX", SHA("b"), 99, null],
    ]);
    expect(docs[0]!.anchors).toEqual([{ anchorKey: "{{s1|date}}", valid: true }]);
    expect(docs[1]!.placeholders).toEqual(["amount"]);
    const [f] = await db.select().from(templateFields);
    expect(f).toMatchObject({ documentId: pdf!.id, page: 2 });
    // The template row no longer holds a file; a field must name a document from now on.
    const cols = await q<{ column_name: string }>(
      `select column_name from information_schema.columns where table_name = 'templates' and column_name in ('kind', 'sha256', 'pages')`,
    );
    expect(cols).toEqual([]);
    await expect(
      q(
        `insert into template_fields (template_id, role_id, type, page, x, y, width, height) values ($1, $2, 'SIGNATURE', 1, 1, 1, 1, 1)`,
        [pdf!.id, role!.id],
      ),
    ).rejects.toThrow(/document_id/);
    await client.close();
  });
});
