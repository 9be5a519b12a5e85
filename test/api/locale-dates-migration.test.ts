import { describe, expect, it } from "vitest";
import { storeBefore } from "../support/migrations";
import { organizations, recipients, signatureRequests } from "@/lib/server/db/schema";
import { toRecipientDto, toRequestHeader } from "@/lib/server/model/request-dto";

// Migration 0013 on a store made before it: organizations, requests and recipients of the time read
// back with the defaults (UTC, YYYY-MM-DD, no language), and the API shows them as such.

describe("migration 0013_locale_dates", () => {
  it("reads rows made before it with the defaults", async () => {
    const { client, db, q, migrateRest } = await storeBefore("0013_locale_dates");
    const [org] = await q<{ id: string }>(`insert into organizations (name) values ('Old') returning id`);
    const [req] = await q<{ id: string }>(
      `insert into signature_requests (org_id, environment, title) values ($1, 'SANDBOX', 'Old request') returning id`,
      [org!.id],
    );
    await q(`insert into recipients (request_id, email, name) values ($1, 'old@example.com', 'Old Signer')`, [req!.id]);

    await migrateRest();

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
