import { describe, expect, it } from "vitest";
import { storeBefore } from "../support/migrations";

// Migration 0011 (template roles) on a store made before it: every template gets s1…sN from its stored
// fields and its anchors, and every stored field points at the role its signer_ref named.

describe("migration 0011_template_roles", () => {
  it("backfills roles s1…sN and points the stored fields at them", async () => {
    const { client, q, migrateRest } = await storeBefore("0011_template_roles");
    const [org] = await q<{ id: string }>(`insert into organizations (name) values ('Old') returning id`);
    const anchors = (refs: [string, string, boolean][]) =>
      JSON.stringify(
        refs.map(([signerRef, type, valid]) => ({ anchorKey: `{{${signerRef}|${type}}}`, valid, anchor: { type, signerRef } })),
      );
    const template = async (name: string, anchorList: string) =>
      (
        await q<{ id: string }>(
          `insert into templates (org_id, environment, name, kind, sha256, size, anchors, page_count, pages)
           values ($1, 'SANDBOX', $2, 'PDF', 'ab', 1, $3::jsonb, 1, '[{"width":612,"height":792}]') returning id`,
          [org!.id, name, anchorList],
        )
      )[0]!.id;
    // Fields for s1 and s3, anchors up to s2 (an invalid s9 and an image s7 do not count): s1…s3.
    const a = await template(
      "fields and anchors",
      anchors([
        ["s2", "signature", true],
        ["s9", "signature", false],
        ["s7", "image", true],
      ]),
    );
    // Anchors only, up to s4.
    const b = await template("anchors", anchors([["s4", "date", true]]));
    // Neither: no role.
    const c = await template("bare", "[]");
    const field = async (templateId: string, ref: string) =>
      q(
        `insert into template_fields (template_id, signer_ref, type, page, x, y, width, height) values ($1, $2, 'SIGNATURE', 1, 10, 10, 100, 30)`,
        [templateId, ref],
      );
    await field(a, "s1");
    await field(a, "s3");
    await field(a, "s3");

    await migrateRest();

    const roles = await q<{ template_id: string; position: number; name: string; signing_order: number; recipient_role: string }>(
      `select template_id, position, name, signing_order, recipient_role from template_roles order by template_id, position`,
    );
    const of = (id: string) =>
      roles.filter((r) => r.template_id === id).map((r) => [r.position, r.name, r.signing_order, r.recipient_role]);
    expect(of(a)).toEqual([
      [1, "s1", 1, "SIGNER"],
      [2, "s2", 2, "SIGNER"],
      [3, "s3", 3, "SIGNER"],
    ]);
    expect(of(b).map((r) => r[1])).toEqual(["s1", "s2", "s3", "s4"]);
    expect(of(c)).toEqual([]);
    const fields = await q<{ name: string }>(
      `select r.name from template_fields f join template_roles r on r.id = f.role_id where f.template_id = $1 order by r.position`,
      [a],
    );
    expect(fields.map((f) => f.name)).toEqual(["s1", "s3", "s3"]);
    const columns = await q<{ column_name: string; is_nullable: string }>(
      `select column_name, is_nullable from information_schema.columns where table_name = 'template_fields' and column_name in ('signer_ref', 'role_id')`,
    );
    expect(columns).toEqual([{ column_name: "role_id", is_nullable: "NO" }]);
    await client.close();
  });
});
