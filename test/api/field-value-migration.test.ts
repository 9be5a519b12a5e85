import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { storeBefore } from "../support/migrations";
import { fields } from "@/lib/server/db/schema";
import { attachmentsOf } from "@/lib/server/model/request-dto";
import { heldOfStored } from "@/lib/server/fields/form-values";
import { parseStoredFieldValue } from "@/lib/schemas/signing";

// Migration 0024 on a store made before it: each field value written as JSON text (every kind a signature
// stores) reads back as the same value, now jsonb, parsed by the one schema; a field without one stays empty.

const SHA = (c: string) => c.repeat(64);
const WRITTEN = [
  { kind: "image", sha256: SHA("a"), mime: "image/png" },
  { kind: "typed", text: "Zoë Ångström-Иванова" },
  { kind: "text", text: 'quotes " and \\ backslash' },
  { kind: "date", text: "31/01/2030", day: "2030-01-31" },
  { kind: "date", text: "2026-11-22" },
  { kind: "check", checked: true },
  { kind: "choice", selected: false, option: "no" },
  {
    kind: "files",
    files: [{ id: "f1", name: "Passeport signé – copie.pdf", mime: "application/pdf", size: 10, sha256: SHA("b") }],
  },
];

describe("migration 0024_field_value_jsonb", () => {
  it("keeps every stored value as it was written, and the one schema reads it", async () => {
    const { client, db, q, migrateRest } = await storeBefore("0024_field_value_jsonb");
    const [org] = await q<{ id: string }>(`insert into organizations (name) values ('Old') returning id`);
    const [req] = await q<{ id: string }>(
      `insert into signature_requests (org_id, environment, title, status) values ($1, 'SANDBOX', 'Old', 'COMPLETED') returning id`,
      [org!.id],
    );
    const [doc] = await q<{ id: string }>(
      `insert into request_documents (request_id, position, name) values ($1, 1, 'deal.pdf') returning id`,
      [req!.id],
    );
    const [signer] = await q<{ id: string }>(
      `insert into recipients (request_id, email, name) values ($1, 's@example.com', 'S') returning id`,
      [req!.id],
    );
    const insert = (type: string, value: string | null, y: number) =>
      q(
        `insert into fields (request_id, recipient_id, document_id, type, page, x, y, width, height, value)
         values ($1, $2, $3, $4, 1, 10, $5, 100, 30, $6)`,
        [req!.id, signer!.id, doc!.id, type, y, value],
      );
    const types = ["SIGNATURE", "INITIAL", "TEXT", "DATE", "DATE", "CHECKBOX", "RADIO", "FILE"];
    for (const [i, v] of WRITTEN.entries()) await insert(types[i]!, JSON.stringify(v), 10 + i * 40);
    await insert("TEXT", null, 400);

    await migrateRest();

    const rows = await db.select().from(fields).orderBy(asc(fields.y));
    expect(rows.map((r) => r.value)).toEqual([...WRITTEN, null]);
    expect(rows.map((r) => parseStoredFieldValue(r.value))).toEqual([...WRITTEN, null]);
    // What reads the values reads them as before: the kept file, and the form's view of a date and a box.
    expect(attachmentsOf(rows)).toMatchObject([{ name: "Passeport signé – copie.pdf", sha256: SHA("b") }]);
    expect(heldOfStored(rows[3]!)).toEqual({ day: "2030-01-31", filled: true });
    expect(heldOfStored(rows[5]!)).toEqual({ checked: true });
    // The column is jsonb: the database itself reads into a value.
    const [kind] = await q<{ k: string }>(`select value->>'kind' as k from fields where id = $1`, [rows[0]!.id]);
    expect(kind?.k).toBe("image");
    // A value of no known shape is a damaged record: reading it is an error, never a guess.
    await db
      .update(fields)
      .set({ value: { kind: "image", sha256: 5 } })
      .where(eq(fields.id, rows[0]!.id));
    const [bad] = await db.select().from(fields).where(eq(fields.id, rows[0]!.id));
    expect(() => parseStoredFieldValue(bad!.value)).toThrow(/not one of the known shapes/);
    await client.close();
  });
});
