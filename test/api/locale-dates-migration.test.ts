import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { organizations, recipients, signatureRequests } from "@/lib/server/db/schema";
import { toRecipientDto, toRequestHeader } from "@/lib/server/requests/load-request";

// Migration 0013 (issue 23) on a store made before it: organizations, requests and recipients of the time read
// back with the defaults (UTC, YYYY-MM-DD, no language), and the API shows them as such.

const source = path.resolve(import.meta.dirname, "../../lib/server/db/migrations");
const TAG = "0013_locale_dates";
const work = fs.mkdtempSync(path.join(os.tmpdir(), "signet-locale-migration-"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** The migrations folder as it was before 0013: the same files, the journal cut before it. */
function foldersBefore(): string {
  const dir = path.join(work, "before");
  fs.cpSync(source, dir, { recursive: true });
  const journalFile = path.join(dir, "meta/_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as { entries: { idx: number; tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === TAG);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

describe("migration 0013_locale_dates", () => {
  it("reads rows made before it with the defaults", async () => {
    const client = await PGlite.create();
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: foldersBefore() });
    const q = async <T>(text: string, params: unknown[] = []) => (await client.query<T>(text, params)).rows;
    const [org] = await q<{ id: string }>(`insert into organizations (name) values ('Old') returning id`);
    const [req] = await q<{ id: string }>(
      `insert into signature_requests (org_id, environment, title) values ($1, 'SANDBOX', 'Old request') returning id`,
      [org!.id],
    );
    await q(`insert into recipients (request_id, email, name) values ($1, 'old@example.com', 'Old Signer')`, [req!.id]);

    await migrate(db, { migrationsFolder: source });

    const [o] = await db.select().from(organizations);
    expect(o?.timezone).toBe("UTC");
    const [r] = await db.select().from(signatureRequests);
    expect(r).toMatchObject({ locale: null, timezone: "UTC", dateFormat: "YYYY-MM-DD" });
    expect(toRequestHeader(r!)).toMatchObject({ locale: null, timezone: "UTC", dateFormat: "YYYY-MM-DD" });
    const [rec] = await db.select().from(recipients);
    expect(rec?.locale).toBeNull();
    expect(toRecipientDto(rec!).locale).toBeNull();

    // A date format outside the five is refused by the database itself.
    await expect(q(`update signature_requests set date_format = 'YY-M-D' where id = $1`, [req!.id])).rejects.toThrow(
      /signature_requests_date_format_check/,
    );
    await client.close();
  });
});
