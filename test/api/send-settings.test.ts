import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/server/db";
import { staffUsers } from "@/lib/server/db/schema";
import { clock } from "@/lib/server/clock";
import { config } from "@/lib/server/config";
import { insertApiKey } from "@/lib/server/api-keys/create-api-key";
import { signStaffIdentity } from "@/lib/server/staff/forwarded-identity";
import { call, makeOrg } from "../support/api";
import { draftWithSigners } from "../support/drafts";
import { simplePdf } from "../support/simple-pdf";
import { firstOf } from "../support/expect-helpers";

// Send settings: a request's subject, message, expiry, reminders and Reply-To, on create
// (multipart) and on PATCH of a DRAFT; the expiry at send; the organization's defaults. The mails:
// send-settings-mail.test.ts.

const SR = "/api/v1/enterprise/signature-requests";
const SETTINGS = "/api/v1/enterprise/settings/sending";
const DAY = 86_400_000;

afterEach(() => {
  vi.restoreAllMocks();
});

const inDays = (days: number, from = Date.now()) => new Date(from + days * DAY).toISOString();

async function create(key: string, parts: Record<string, string>, headers: Record<string, string> = {}) {
  const file = { data: await simplePdf([{ text: "Send settings" }]), name: "s.pdf", type: "application/pdf" };
  return call("POST", SR, { key, headers, form: { title: "Settings", file, ...parts } });
}

/** The 400 of a validation failure, and the fields it names. */
function fieldsOf(r: { status: number; body: { errorCode?: string; errors: { field: string; message: string }[] } }) {
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  expect(r.body.errorCode).toBe("VALIDATION_FAILED");
  return r.body.errors.map((e) => e.field);
}

async function requestCount(key: string) {
  return (await call("GET", `${SR}?limit=100`, { key })).body.data.items.length;
}

describe("send settings on create", () => {
  it("stores every setting and returns it in the request, the list and the audit trail", async () => {
    const key = (await makeOrg()).sandboxKey;
    const expiresAt = inDays(20);
    const r = await create(key, {
      subject: "  Your contract with ACME  ",
      message: "Hello,\r\nplease sign by Friday.\r\n\r\nThanks",
      replyTo: "legal@acme.example",
      expiresAt,
      reminders: JSON.stringify({ firstAfterDays: 2, everyDays: 3, max: 2 }),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const want = {
      subject: "Your contract with ACME",
      message: "Hello,\nplease sign by Friday.\n\nThanks",
      replyTo: "legal@acme.example",
      expiryDays: null,
      expiresAt: new Date(expiresAt).toISOString(),
      reminders: { firstAfterDays: 2, everyDays: 3, max: 2 },
    };
    expect(r.body.data.sendSettings).toEqual(want);
    // On a DRAFT, expiresAt is the moment asked for.
    expect(r.body.data.expiresAt).toBe(want.expiresAt);
    expect((await call("GET", `${SR}/${r.body.data.id}`, { key })).body.data.sendSettings).toEqual(want);
    const listed = (await call("GET", SR, { key })).body.data.items.find((i: { id: string }) => i.id === r.body.data.id);
    expect(listed?.sendSettings).toEqual(want);
    const created = firstOf((await call("GET", `${SR}/${r.body.data.id}/audit`, { key })).body.data.items, "audit");
    expect(created).toMatchObject({ type: "request.created", data: { sendSettings: want } });

    const days = await create(key, { expiryDays: "10", reminders: "null" });
    expect(days.status, JSON.stringify(days.body)).toBe(201);
    expect(days.body.data.sendSettings).toMatchObject({ expiryDays: 10, expiresAt: null, reminders: null });
    expect(days.body.data.expiresAt).toBeNull();
  });

  it("without settings: no subject, message or Reply-To, EXPIRY_DAYS, no reminders; empty parts are none", async () => {
    const key = (await makeOrg()).sandboxKey;
    const r = await create(key, { subject: "", message: "  " });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.data.sendSettings).toEqual({
      subject: null,
      message: null,
      replyTo: null,
      expiryDays: config.expiryDays,
      expiresAt: null,
      reminders: null,
    });
  });

  it("refuses each bad setting with 400 naming the field, and makes nothing", async () => {
    const key = (await makeOrg()).sandboxKey;
    const cases: [Record<string, string>, string][] = [
      [{ subject: "s".repeat(201) }, "subject"],
      [{ subject: "Line one\r\nBcc: victim@example.com" }, "subject"],
      [{ subject: "tab\there" }, "subject"],
      [{ message: "m".repeat(5001) }, "message"],
      [{ message: "bell \u0007" }, "message"],
      [{ replyTo: "not an address" }, "replyTo"],
      [{ replyTo: "a@example.com\r\nBcc: b@example.com" }, "replyTo"],
      [{ expiresAt: inDays(-1) }, "expiresAt"],
      [{ expiresAt: inDays(366) }, "expiresAt"],
      [{ expiresAt: "tomorrow" }, "expiresAt"],
      [{ expiresAt: "2030-01-01T10:00:00" }, "expiresAt"],
      [{ expiresAt: inDays(5), expiryDays: "5" }, "expiryDays"],
      [{ expiryDays: "0" }, "expiryDays"],
      [{ expiryDays: "366" }, "expiryDays"],
      [{ expiryDays: "1.5" }, "expiryDays"],
      [{ expiryDays: "ten" }, "expiryDays"],
      [{ reminders: JSON.stringify({ firstAfterDays: 0, everyDays: 3, max: 2 }) }, "reminders.firstAfterDays"],
      [{ reminders: JSON.stringify({ firstAfterDays: 0.5, everyDays: 3, max: 2 }) }, "reminders.firstAfterDays"],
      [{ reminders: JSON.stringify({ firstAfterDays: 2, everyDays: 0, max: 2 }) }, "reminders.everyDays"],
      [{ reminders: JSON.stringify({ firstAfterDays: 2, everyDays: 3, max: 11 }) }, "reminders.max"],
      [{ reminders: JSON.stringify({ firstAfterDays: 2, everyDays: 3 }) }, "reminders.max"],
      [{ reminders: JSON.stringify({ firstAfterDays: 2, everyDays: 3, max: 2, hourly: true }) }, "reminders"],
      [{ reminders: "{firstAfterDays: 2" }, "reminders"],
    ];
    const before = await requestCount(key);
    for (const [parts, field] of cases) {
      const r = await create(key, parts);
      expect(fieldsOf(r), JSON.stringify(parts)).toContain(field);
    }
    const days = await create(key, { reminders: JSON.stringify({ firstAfterDays: 0.5, everyDays: 3, max: 2 }) });
    expect(days.body.message).toBe("reminders.firstAfterDays must be a whole number of days from 1 to 365");
    const past = await create(key, { expiresAt: inDays(-1) });
    expect(past.body.message).toBe("expiresAt must be in the future");
    expect(await requestCount(key)).toBe(before);
  });
});

describe("PATCH of a DRAFT", () => {
  it("changes only what is given, clears with null, switches the expiry between days and a moment; audited", async () => {
    const key = (await makeOrg()).sandboxKey;
    const id = (await create(key, {})).body.data.id as string;
    const patch = (json: unknown) => call("PATCH", `${SR}/${id}`, { key, json });

    const at = inDays(40);
    const r = await patch({
      subject: "Please sign the NDA",
      message: "See §4.",
      replyTo: "sales@acme.example",
      expiresAt: at,
      reminders: { firstAfterDays: 1, everyDays: 1, max: 10 },
      title: "NDA",
      locale: "de-CH",
      timezone: "europe/berlin",
      dateFormat: "DD.MM.YYYY",
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({
      title: "NDA",
      locale: "de",
      timezone: "Europe/Berlin",
      dateFormat: "DD.MM.YYYY",
      status: "DRAFT",
      expiresAt: new Date(at).toISOString(),
      sendSettings: {
        subject: "Please sign the NDA",
        message: "See §4.",
        replyTo: "sales@acme.example",
        expiryDays: null,
        expiresAt: new Date(at).toISOString(),
        reminders: { firstAfterDays: 1, everyDays: 1, max: 10 },
      },
    });

    const days = await patch({ expiryDays: 7, subject: null, reminders: null, replyTo: null, locale: null });
    expect(days.status, JSON.stringify(days.body)).toBe(200);
    expect(days.body.data).toMatchObject({
      title: "NDA",
      locale: null,
      expiresAt: null,
      sendSettings: { subject: null, message: "See §4.", replyTo: null, expiryDays: 7, expiresAt: null, reminders: null },
    });

    const events = (await call("GET", `${SR}/${id}/audit`, { key })).body.data.items.filter(
      (e: { type: string }) => e.type === "request.updated",
    );
    expect(events).toHaveLength(2);
    expect(events[1]).toMatchObject({
      data: { fields: expect.arrayContaining(["expiryDays", "subject", "reminders"]), sendSettings: { expiryDays: 7 } },
    });
  });

  it("refuses bad values with 400 naming the field, and changes nothing", async () => {
    const key = (await makeOrg()).sandboxKey;
    const id = (await create(key, { subject: "Kept" })).body.data.id as string;
    const before = (await call("GET", `${SR}/${id}`, { key })).body.data;
    const cases: [unknown, string][] = [
      [{ subject: "x".repeat(201) }, "subject"],
      [{ subject: "a\nb" }, "subject"],
      [{ message: "x".repeat(5001) }, "message"],
      [{ expiresAt: inDays(-0.01) }, "expiresAt"],
      [{ expiresAt: inDays(3), expiryDays: 3 }, "expiryDays"],
      [{ expiryDays: "3" }, "expiryDays"],
      [{ expiryDays: null }, "expiryDays"],
      [{ reminders: { firstAfterDays: 0, everyDays: 1, max: 1 } }, "reminders.firstAfterDays"],
      [{ reminders: { firstAfterDays: 0.5, everyDays: 1, max: 1 } }, "reminders.firstAfterDays"],
      [{ reminders: { firstAfterDays: 1, everyDays: 0.25, max: 1 } }, "reminders.everyDays"],
      [{ reminders: { firstAfterDays: 1, everyDays: 1, max: 11 } }, "reminders.max"],
      [{ reminders: "2 days" }, "reminders"],
      [{ replyTo: "nobody" }, "replyTo"],
      [{ title: "" }, "title"],
      [{ timezone: "+02:00" }, "timezone"],
      [{}, "body"],
    ];
    for (const [json, field] of cases) {
      expect(fieldsOf(await call("PATCH", `${SR}/${id}`, { key, json })), JSON.stringify(json)).toContain(field);
    }
    const after = (await call("GET", `${SR}/${id}`, { key })).body.data;
    expect(after.sendSettings).toEqual(before.sendSettings);
    expect(after.updatedAt).toBe(before.updatedAt);
  });

  it("after sending: 409 REQUEST_NOT_DRAFT and nothing changed; another organization's request: 404", async () => {
    const key = (await makeOrg()).sandboxKey;
    const { id } = await draftWithSigners(key, [{ email: "patch.after@example.com", name: "Pat After" }]);
    await call("PATCH", `${SR}/${id}`, { key, json: { subject: "Before sending" } });
    expect((await call("POST", `${SR}/${id}/send`, { key })).status).toBe(200);
    const before = (await call("GET", `${SR}/${id}`, { key })).body.data;
    const r = await call("PATCH", `${SR}/${id}`, { key, json: { subject: "After sending", expiryDays: 300 } });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ errorCode: "REQUEST_NOT_DRAFT", details: { status: "IN_PROGRESS" } });
    expect((await call("GET", `${SR}/${id}`, { key })).body.data).toEqual(before);

    const other = (await makeOrg()).sandboxKey;
    const foreign = await call("PATCH", `${SR}/${id}`, { key: other, json: { subject: "Mine now" } });
    expect(foreign.status).toBe(404);
    expect(foreign.body.errorCode).toBe("REQUEST_NOT_FOUND");
    expect((await call("PATCH", `${SR}/not-a-uuid`, { key, json: { subject: "x" } })).status).toBe(404);
    expect((await call("GET", `${SR}/${id}`, { key })).body.data.sendSettings.subject).toBe("Before sending");
  });
});

describe("the expiry at send", () => {
  it("expiryDays counts from sending; a moment is kept; a moment that has passed is 422 EXPIRY_PASSED", async () => {
    const key = (await makeOrg()).sandboxKey;
    const a = await draftWithSigners(key, [{ email: "expiry.days@example.com", name: "Ed Days" }]);
    await call("PATCH", `${SR}/${a.id}`, { key, json: { expiryDays: 3 } });
    const sent = await call("POST", `${SR}/${a.id}/send`, { key });
    expect(sent.status).toBe(200);
    expect(new Date(sent.body.data.expiresAt).getTime() - new Date(sent.body.data.sentAt).getTime()).toBe(3 * DAY);
    expect(sent.body.data.sendSettings).toMatchObject({ expiryDays: 3, expiresAt: null });

    const b = await draftWithSigners(key, [{ email: "expiry.at@example.com", name: "Ed At" }]);
    const at = inDays(2);
    await call("PATCH", `${SR}/${b.id}`, { key, json: { expiresAt: at } });
    // Sent three days later (the request's clock), the moment asked for has passed.
    vi.spyOn(clock, "now").mockImplementation(() => new Date(Date.now() + 3 * DAY));
    const late = await call("POST", `${SR}/${b.id}/send`, { key });
    expect(late.status).toBe(422);
    expect(late.body).toMatchObject({ errorCode: "EXPIRY_PASSED", details: { expiresAt: new Date(at).toISOString() } });
    expect((await call("GET", `${SR}/${b.id}`, { key })).body.data.status).toBe("DRAFT");
    vi.restoreAllMocks();
    const inTime = await call("POST", `${SR}/${b.id}/send`, { key });
    expect(inTime.status).toBe(200);
    expect(inTime.body.data.expiresAt).toBe(new Date(at).toISOString());
  });
});

describe("the organization's defaults (/settings/sending)", () => {
  it("are read by any key, changed by a production key or a dashboard admin, and taken by drafts made afterwards", async () => {
    const org = await makeOrg({ plan: "ENTERPRISE", production: true });
    const key = org.sandboxKey;
    const db = await getDb();
    expect((await call("GET", SETTINGS, { key })).body.data).toEqual({
      expiryDays: null,
      reminders: null,
      serverExpiryDays: config.expiryDays,
      timezone: "UTC",
      dateFormat: "YYYY-MM-DD",
    });
    const older = (await create(key, {})).body.data.id as string;

    const refused = await call("PATCH", SETTINGS, { key, json: { expiryDays: 14 } });
    expect(refused.status).toBe(403);
    expect(refused.body.errorCode).toBe("ADMIN_REQUIRED");

    const changed = await call("PATCH", SETTINGS, {
      key: org.productionKey!,
      json: { expiryDays: 14, reminders: { firstAfterDays: 3, everyDays: 2, max: 4 } },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data).toMatchObject({ expiryDays: 14, reminders: { firstAfterDays: 3, everyDays: 2, max: 4 } });
    expect((await call("GET", SETTINGS, { key })).body.data).toMatchObject({ expiryDays: 14 });

    // Both environments' new drafts take them; one given its own keeps its own; an older draft is unchanged.
    expect((await create(key, {})).body.data.sendSettings).toMatchObject({
      expiryDays: 14,
      reminders: { firstAfterDays: 3, everyDays: 2, max: 4 },
    });
    expect((await create(org.productionKey!, {})).body.data.sendSettings).toMatchObject({ expiryDays: 14 });
    expect((await create(key, { expiryDays: "5", reminders: "null" })).body.data.sendSettings).toMatchObject({
      expiryDays: 5,
      reminders: null,
    });
    expect((await call("GET", `${SR}/${older}`, { key })).body.data.sendSettings).toMatchObject({
      expiryDays: config.expiryDays,
      reminders: null,
    });

    // The dashboard: an admin may, a member may not.
    const system = (await insertApiKey(db, { orgId: org.orgId, name: "dashboard", environment: "SANDBOX", kind: "SYSTEM" }))
      .apiKey;
    const staff = async (role: "ADMIN" | "MEMBER") => {
      const email = `${role.toLowerCase()}.${Math.random().toString(36).slice(2, 8)}@signet.test`;
      const [row] = await db
        .insert(staffUsers)
        .values({ email, name: `${role} person`, role, orgId: org.orgId })
        .returning();
      return { id: row!.id, name: row!.name, email, ip: "203.0.113.7", userAgent: "browser" };
    };
    const member = await call("PATCH", SETTINGS, {
      key: system,
      headers: await signStaffIdentity(await staff("MEMBER")),
      json: { reminders: null },
    });
    expect(member.status).toBe(403);
    const admin = await call("PATCH", SETTINGS, {
      key: system,
      headers: await signStaffIdentity(await staff("ADMIN")),
      json: { reminders: null, expiryDays: null },
    });
    expect(admin.status, JSON.stringify(admin.body)).toBe(200);
    expect(admin.body.data).toMatchObject({ expiryDays: null, reminders: null });

    // Bad values: 400 naming the field.
    for (const [json, field] of [
      [{ expiryDays: 0 }, "expiryDays"],
      [{ reminders: { firstAfterDays: 1, everyDays: 0, max: 1 } }, "reminders.everyDays"],
      [{}, "body"],
    ] as const) {
      expect(fieldsOf(await call("PATCH", SETTINGS, { key: org.productionKey!, json }))).toContain(field);
    }
  });
});
