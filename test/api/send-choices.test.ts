import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { insertApiKey } from "@/lib/server/api-keys/create-api-key";
import { getDb } from "@/lib/server/db";
import { organizations, staffUsers } from "@/lib/server/db/schema";
import { AppError } from "@/lib/server/errors";
import { changeOwnProfile } from "@/lib/server/staff/change-own-profile";
import { signStaffIdentity } from "@/lib/server/staff/forwarded-identity";
import { simplePdf } from "../support/simple-pdf";
import { call, makeOrg } from "../support/api";
import { firstOf } from "../support/expect-helpers";

// The organization's time zone and date format for new drafts (GET/PATCH /settings/sending), what a draft takes
// from them, how an unknown zone is refused, and a staff member's own name and mail language.

const SR = "/api/v1/enterprise/signature-requests";
const SETTINGS = "/api/v1/enterprise/settings/sending";

async function create(key: string, parts: Record<string, string> = {}) {
  const file = { data: await simplePdf([{ text: "Send choices" }]), name: "s.pdf", type: "application/pdf" };
  const r = await call("POST", SR, { key, form: { title: "Choices", file, ...parts } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data as { id: string; timezone: string; dateFormat: string };
}

async function admin(orgId: string) {
  const db = await getDb();
  const email = `admin.${Math.random().toString(36).slice(2, 8)}@signet.test`;
  const row = firstOf(
    await db.insert(staffUsers).values({ email, name: "Ada Admin", role: "ADMIN", orgId }).returning(),
    "staff",
  );
  const system = (await insertApiKey(db, { orgId, name: "dashboard", environment: "SANDBOX", kind: "SYSTEM" })).apiKey;
  return {
    row,
    system,
    headers: await signStaffIdentity({ id: row.id, name: row.name, email, ip: "203.0.113.9", userAgent: "b" }),
  };
}

describe("the organization's time zone and date format", () => {
  it("a dashboard admin sets them; new drafts take them, an explicit choice wins, older drafts keep theirs", async () => {
    const org = await makeOrg();
    const key = org.sandboxKey;
    const before = await create(key);
    expect(before).toMatchObject({ timezone: "UTC", dateFormat: "YYYY-MM-DD" });

    const { system, headers } = await admin(org.orgId);
    const changed = await call("PATCH", SETTINGS, {
      key: system,
      headers,
      json: { timezone: "Europe/Berlin", dateFormat: "DD.MM.YYYY" },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data).toMatchObject({ timezone: "Europe/Berlin", dateFormat: "DD.MM.YYYY" });
    expect((await call("GET", SETTINGS, { key })).body.data).toMatchObject({
      timezone: "Europe/Berlin",
      dateFormat: "DD.MM.YYYY",
    });

    expect(await create(key)).toMatchObject({ timezone: "Europe/Berlin", dateFormat: "DD.MM.YYYY" });
    expect(await create(key, { timezone: "Asia/Tokyo", dateFormat: "MM/DD/YYYY" })).toMatchObject({
      timezone: "Asia/Tokyo",
      dateFormat: "MM/DD/YYYY",
    });
    expect((await call("GET", `${SR}/${before.id}`, { key })).body.data).toMatchObject({
      timezone: "UTC",
      dateFormat: "YYYY-MM-DD",
    });
  });

  it("an unknown zone or format is a 400 VALIDATION_FAILED naming the field, and nothing of the body is kept", async () => {
    const org = await makeOrg();
    const { system, headers } = await admin(org.orgId);
    for (const [json, field] of [
      [{ timezone: "Mars/Olympus_Mons", expiryDays: 9 }, "timezone"],
      [{ timezone: "+02:00" }, "timezone"],
      [{ timezone: "" }, "timezone"],
      [{ dateFormat: "DD-MM-YY", expiryDays: 9 }, "dateFormat"],
    ] as const) {
      const r = await call("PATCH", SETTINGS, { key: system, headers, json });
      expect(r.status, JSON.stringify(json)).toBe(400);
      expect(r.body.errorCode).toBe("VALIDATION_FAILED");
      expect(r.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    const db = await getDb();
    const row = firstOf(await db.select().from(organizations).where(eq(organizations.id, org.orgId)), "org");
    expect(row).toMatchObject({ timezone: "UTC", defaultDateFormat: "YYYY-MM-DD", defaultExpiryDays: null });

    // A request's own zone is checked the same way, on PATCH of a draft.
    const draft = await create(org.sandboxKey);
    const bad = await call("PATCH", `${SR}/${draft.id}`, { key: org.sandboxKey, json: { timezone: "Europe/Berlinn" } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]?.field).toBe("timezone");
    expect((await call("GET", `${SR}/${draft.id}`, { key: org.sandboxKey })).body.data.timezone).toBe("UTC");
  });
});

describe("a staff member's own name and language", () => {
  const identity = (row: typeof staffUsers.$inferSelect) => ({
    id: row.id,
    email: row.email,
    name: row.name,
    role: "ADMIN" as const,
    orgId: row.orgId,
    sessionId: "00000000-0000-4000-8000-000000000000",
  });

  it("changes them; empty, too long, control or hidden characters are a 400 that changes nothing", async () => {
    const org = await makeOrg();
    const { row } = await admin(org.orgId);
    const me = identity(row);
    expect(await changeOwnProfile(me, { name: "  Ada Lovelace ", locale: "de-CH" })).toEqual({
      name: "Ada Lovelace",
      locale: "de",
    });
    for (const [body, field] of [
      [{ name: "", locale: "fr" }, "name"],
      [{ name: "   ", locale: "fr" }, "name"],
      [{ name: "x".repeat(201), locale: "fr" }, "name"],
      [{ name: "Ada\nAdmin", locale: "fr" }, "name"],
      [{ name: "Ada\u0007", locale: "fr" }, "name"],
      [{ name: "Ada\u202eAdmin", locale: "fr" }, "name"],
      [{ name: "Ada", locale: "klingon" }, "locale"],
    ] as const) {
      const e = await changeOwnProfile(me, body).catch((x: unknown) => x);
      expect(e, JSON.stringify(body)).toBeInstanceOf(AppError);
      expect((e as AppError).code).toBe("VALIDATION_FAILED");
      expect((e as AppError).status).toBe(400);
      expect((e as AppError).errors?.map((x) => x.field)).toContain(field);
    }
    const db = await getDb();
    const after = firstOf(await db.select().from(staffUsers).where(eq(staffUsers.id, row.id)), "staff");
    expect(after).toMatchObject({ name: "Ada Lovelace", locale: "de" });
    // An empty language is the default again.
    expect(await changeOwnProfile(me, { name: "Ada Lovelace", locale: "" })).toEqual({ name: "Ada Lovelace", locale: null });
  });
});
