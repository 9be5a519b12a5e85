import { describe, expect, it } from "vitest";
import { asc } from "drizzle-orm";
import { storeBefore } from "../support/migrations";
import { documentVersions, fields, requestDocuments } from "@/lib/server/db/schema";

// Migration 0020 (several documents per request) on a store made before it: every request becomes a
// one-document request, its document named after the file it was made from (else its title), its versions
// (the sealed one included, bytes untouched) and its fields that document's.

const SHA = (c: string) => c.repeat(64);

describe("migration 0020_request_documents", () => {
  it("makes every existing request a one-document request, its versions and fields on that document", async () => {
    const { client, db, q, migrateRest } = await storeBefore("0020_request_documents");
    const [org] = await q<{ id: string }>(`insert into organizations (name) values ('Old') returning id`);
    const request = async (title: string, status = "DRAFT") =>
      (
        await q<{ id: string }>(
          `insert into signature_requests (org_id, environment, title, status) values ($1, 'SANDBOX', $2, $3) returning id`,
          [org!.id, title, status],
        )
      )[0]!.id;
    const version = (requestId: string, v: number, sha: string, reason: string, filename: string | null) =>
      q(
        `insert into document_versions (request_id, version, sha256, size, page_count, pages, reason, filename)
         values ($1, $2, $3, 100, 1, '[{"width":612,"height":792}]', $4, $5)`,
        [requestId, v, sha, reason, filename],
      );
    const sealed = await request("Sealed deal", "COMPLETED");
    await version(sealed, 1, SHA("a"), "ORIGINAL", "deal.pdf");
    await version(sealed, 2, SHA("b"), "SEALED", null);
    const untitled = await request("From a template");
    await version(untitled, 1, SHA("c"), "ORIGINAL", null);
    const [signer] = await q<{ id: string }>(
      `insert into recipients (request_id, email, name) values ($1, 's@example.com', 'S') returning id`,
      [sealed],
    );
    await q(
      `insert into fields (request_id, recipient_id, type, page, x, y, width, height) values ($1, $2, 'SIGNATURE', 1, 10, 10, 100, 30)`,
      [sealed, signer!.id],
    );

    await migrateRest();

    const docs = await db.select().from(requestDocuments).orderBy(asc(requestDocuments.name));
    expect(docs.map((d) => [d.requestId, d.position, d.name])).toEqual([
      [untitled, 1, "From a template"],
      [sealed, 1, "deal.pdf"],
    ]);
    const docOf = new Map(docs.map((d) => [d.requestId, d.id]));
    const versions = await db.select().from(documentVersions).orderBy(asc(documentVersions.sha256));
    // Every version is its request's document's, with the same bytes (hash) and number as before.
    expect(versions.map((v) => [v.sha256, v.version, v.documentId === docOf.get(v.requestId)])).toEqual([
      [SHA("a"), 1, true],
      [SHA("b"), 2, true],
      [SHA("c"), 1, true],
    ]);
    const [f] = await db.select().from(fields);
    expect(f!.documentId).toBe(docOf.get(sealed));
    // A version and a field must name a document from now on.
    await expect(
      q(
        `insert into document_versions (request_id, version, sha256, size, page_count, pages, reason) values ($1, 3, $2, 1, 1, '[]', 'X')`,
        [sealed, SHA("d")],
      ),
    ).rejects.toThrow(/document_id/);
    await client.close();
  });
});
