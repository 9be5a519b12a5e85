import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { getDb } from "@/lib/server/db";
import { auditEvents, publicLinks, publicVisits, recipients, signatureRequests } from "@/lib/server/db/schema";
import { runDueJobs } from "@/lib/server/worker/worker";
import { clock } from "@/lib/server/clock";
import { dropStaleVisits } from "@/lib/server/public-links/visit-link";
import { call, makeOrg } from "../support/api";
import { pdfTemplate, T } from "../support/templates";
import { readParts } from "@/lib/server/mail/outbox";
import { outboxMessages, tokenFromOutbox } from "../support/outbox-token";
import { certificateLines, sealedDocument } from "../support/sealing";

// A template's public links: staff make them (role, fixed people, code, expiry, quotas), visitors start
// requests from them. Every refusal changes nothing.

const SR = "/api/v1/enterprise/signature-requests";

// Each test its own client address: the per-address limits are the rate-limit test's subject only.
let address = "";
beforeEach(() => {
  address = `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
});
afterEach(() => {
  vi.restoreAllMocks();
  delete process.env.PUBLIC_LINK_RATE_LIMIT_IP;
});

type Link = {
  id: string;
  slug: string;
  url: string;
  status: string;
  role: { name: string; signerRef: string };
  people: { name: string; signerRef: string; fixed: { name: string; email: string } | null }[];
  qr: { png: string; svg: string };
  counts: { visits: number; started: number; startedToday: number; completed: number };
  accessCode: boolean;
};

/** A template with two roles, Visitor (s1, order 1) and Manager (s2, order 2), each with a signature. */
async function twoRoleTemplate(key: string, name = "Visitor NDA") {
  const { id } = await pdfTemplate(key, name, [{ text: "Non-disclosure agreement" }]);
  const roles = await call("PUT", `${T}/${id}/roles`, {
    key,
    json: { roles: [{ name: "Visitor" }, { name: "Manager", order: 2 }] },
  });
  expect(roles.status, JSON.stringify(roles.body)).toBe(200);
  for (const [roleName, y] of [
    ["Visitor", 600],
    ["Manager", 500],
  ] as const) {
    const f = await call("POST", `${T}/${id}/fields`, {
      key,
      json: { type: "SIGNATURE", roleName, page: 1, x: 72, y, width: 150, height: 40 },
    });
    expect(f.status, JSON.stringify(f.body)).toBe(201);
  }
  return id;
}

async function makeLink(key: string, tpl: string, body: Record<string, unknown> = {}) {
  const r = await call("POST", `${T}/${tpl}/public-links`, { key, json: body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data as unknown as Link;
}

const view = (slug: string, ip = address) => call("GET", `/api/public/${slug}`, { ip });
const start = (slug: string, json: Record<string, unknown>, ip = address) =>
  call("POST", `/api/public/${slug}/visits`, { json, ip });
const visitor = (email = "visitor@example.com") => ({ name: "Vera Visitor", email });

async function rowCounts() {
  const db = await getDb();
  return {
    requests: (await db.select({ id: signatureRequests.id }).from(signatureRequests)).length,
    visits: (await db.select({ id: publicVisits.id }).from(publicVisits)).length,
  };
}

function mailedCode(email: string): string | null {
  let code: string | null = null;
  for (const { raw } of outboxMessages()) {
    if (!new RegExp(`^To: .*<${email.replace(/[.]/g, "\\.")}>`, "m").test(raw)) continue;
    const m = /\b(\d{6})\b/.exec(readParts(raw).text);
    if (m?.[1]) code = m[1];
  }
  return code;
}

describe("staff make public links", () => {
  it("makes a link with defaults, lists it, and serves its QR code (PNG that decodes to the URL, and SVG)", async () => {
    const { sandboxKey: key } = await makeOrg();
    const tpl = await twoRoleTemplate(key);
    const link = await makeLink(key, tpl, { people: { Manager: { name: "Max Manager", email: "max@example.com" } } });
    expect(link).toMatchObject({ status: "ACTIVE", role: { name: "Visitor", signerRef: "s1" }, accessCode: false });
    expect(link.slug).toMatch(/^[0-9A-Za-z]{16}$/);
    expect(link.url.endsWith(`/p/${link.slug}`)).toBe(true);
    expect(link.people).toEqual([
      expect.objectContaining({ name: "Manager", fixed: { name: "Max Manager", email: "max@example.com" } }),
    ]);

    const list = await call("GET", `${T}/${tpl}/public-links`, { key });
    expect(list.body.data.items.map((l: { id: string }) => l.id)).toEqual([link.id]);

    const png = await call("GET", `${T}/${tpl}/public-links/${link.id}/qr`, { key });
    expect(png.status).toBe(200);
    expect(png.raw.headers.get("content-type")).toBe("image/png");
    const img = PNG.sync.read(Buffer.from(await png.raw.arrayBuffer()));
    expect(jsQR(new Uint8ClampedArray(img.data), img.width, img.height)?.data).toBe(link.url);

    const svg = await call("GET", `${T}/${tpl}/public-links/${link.id}/qr?format=svg`, { key });
    expect(svg.raw.headers.get("content-type")).toBe("image/svg+xml");
    expect(await svg.raw.text()).toMatch(/^<svg[^>]+viewBox/);
    const bad = await call("GET", `${T}/${tpl}/public-links/${link.id}/qr?format=gif`, { key });
    expect(bad.status).toBe(400);
  });

  it("refuses bad settings with a clear 4xx and makes nothing", async () => {
    const org = await makeOrg({ plan: "ENTERPRISE", production: true });
    const other = await makeOrg();
    const tpl = await twoRoleTemplate(org.sandboxKey);
    const before = (await (await getDb()).select().from(publicLinks)).length;
    const cases: [string | null, unknown, number, string][] = [
      [org.productionKey, {}, 404, "TEMPLATE_NOT_FOUND"], // the other environment's template
      [other.sandboxKey, {}, 404, "TEMPLATE_NOT_FOUND"], // another organization's
      [org.sandboxKey, { role: "Witness" }, 422, "PUBLIC_LINK_ROLE_INVALID"],
      [org.sandboxKey, { people: { Visitor: { name: "A", email: "a@example.com" } } }, 422, "PUBLIC_LINK_ROLE_INVALID"],
      [org.sandboxKey, { people: { Nobody: { name: "A", email: "a@example.com" } } }, 422, "PUBLIC_LINK_ROLE_INVALID"],
      [org.sandboxKey, { people: { Manager: { name: "A", email: "not an address" } } }, 400, "VALIDATION_FAILED"],
      [org.sandboxKey, { expiresAt: "2001-01-01T00:00:00Z" }, 400, "VALIDATION_FAILED"],
      [org.sandboxKey, { expiresAt: "tomorrow" }, 400, "VALIDATION_FAILED"],
      [org.sandboxKey, { quota: { total: 0 } }, 400, "VALIDATION_FAILED"],
      [org.sandboxKey, { quota: { total: 1.5 } }, 400, "VALIDATION_FAILED"],
      [org.sandboxKey, { accessCode: "123" }, 400, "VALIDATION_FAILED"],
      [org.sandboxKey, { name: "x".repeat(201) }, 400, "VALIDATION_FAILED"],
      [org.sandboxKey, { name: "two\nlines" }, 400, "VALIDATION_FAILED"],
      [org.sandboxKey, { role: "Visitor", admin: true }, 400, "UNKNOWN_PARAMETER"],
    ];
    for (const [key, json, status, code] of cases) {
      const r = await call("POST", `${T}/${tpl}/public-links`, { key, json });
      expect([r.status, r.body.errorCode], JSON.stringify(json)).toEqual([status, code]);
    }
    expect((await (await getDb()).select().from(publicLinks)).length).toBe(before);
    // Another organization cannot read, change or revoke a link, even knowing its ids.
    const link = await makeLink(org.sandboxKey, tpl);
    for (const [method, json] of [
      ["GET", undefined],
      ["PATCH", { status: "PAUSED" }],
      ["DELETE", undefined],
    ] as const) {
      const r = await call(method, `${T}/${tpl}/public-links/${link.id}`, { key: other.sandboxKey, json });
      expect(r.status).toBe(404);
    }
    expect((await call("GET", `${T}/${tpl}/public-links/${link.id}`, { key: org.sandboxKey })).body.data.status).toBe("ACTIVE");
    // The role a link gives its visitors stays while the link names it (even without fields).
    await call("PUT", `${T}/${tpl}/roles`, {
      key: org.sandboxKey,
      json: { roles: [{ name: "Visitor" }, { name: "Manager", order: 2 }, { name: "Witness" }] },
    });
    await makeLink(org.sandboxKey, tpl, { role: "Witness" });
    const drop = await call("PUT", `${T}/${tpl}/roles`, {
      key: org.sandboxKey,
      json: { roles: [{ name: "Visitor" }, { name: "Manager", order: 2 }] },
    });
    expect([drop.status, drop.body.errorCode]).toEqual([422, "TEMPLATE_ROLE_HAS_LINK"]);
  });
});

describe("visitors start requests", () => {
  it("starts and sends a sandbox request: the visitor in the link's role, the fixed person next; the seal's certificate names the link", async () => {
    const { sandboxKey: key } = await makeOrg();
    const tpl = await twoRoleTemplate(key);
    const link = await makeLink(key, tpl, {
      name: "Front desk NDA",
      people: { s2: { name: "Max Manager", email: "max@example.com" } },
    });
    const v = await view(link.slug);
    expect(v.status, JSON.stringify(v.body)).toBe(200);
    expect(v.body.data).toMatchObject({ title: "Visitor NDA", role: "Visitor", others: [], accessCode: false, sandbox: true });

    const s = await start(link.slug, { ...visitor(), locale: "de" });
    expect(s.status, JSON.stringify(s.body)).toBe(201);
    expect(s.body.data.signingUrl).toMatch(/\/sign\/[A-Za-z0-9_-]{43}$/);

    const db = await getDb();
    const [req] = await db.select().from(signatureRequests).where(eq(signatureRequests.publicLinkId, link.id));
    expect(req).toMatchObject({ status: "IN_PROGRESS", environment: "SANDBOX", source: "public_link" });
    const recs = await db.select().from(recipients).where(eq(recipients.requestId, req!.id));
    expect(recs.map((r) => [r.name, r.order, r.status, r.locale]).sort()).toEqual([
      ["Max Manager", 2, "PENDING", null],
      ["Vera Visitor", 1, "SENT", "de"],
    ]);
    const api = await call("GET", `${SR}/${req!.id}`, { key });
    expect(api.body.data.source).toBe("public_link");
    // The list finds a link's requests by their source and by the link.
    const listed = async (query: string) =>
      ((await call("GET", `${SR}?${query}`, { key })).body.data.items as { id: string }[]).map((i) => i.id);
    expect(await listed("source=public_link")).toContain(req!.id);
    expect(await listed(`publicLinkId=${link.id}`)).toEqual([req!.id]);
    expect(await listed("source=api")).not.toContain(req!.id);
    for (const bad of ["source=web", `publicLinkId=${link.slug}`])
      expect((await call("GET", `${SR}?${bad}`, { key })).status, bad).toBe(400);
    const [created] = await db.select().from(auditEvents).where(eq(auditEvents.requestId, req!.id)).limit(1);
    expect(created).toMatchObject({ type: "request.created", actor: `public-link:${link.id}` });

    // The visitor signs from the URL they were given; the manager from their mail; the seal says where it came from.
    const token = String(s.body.data.signingUrl).split("/sign/")[1]!;
    const signAs = async (t: string, name: string) => {
      const page = (await call("GET", `/api/sign/${t}`)).body.data;
      const values = page.fields.map((f: { id: string }) => ({ fieldId: f.id, typed: name }));
      const r = await call("POST", `/api/sign/${t}/sign`, { json: { consent: true, values } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    };
    await signAs(token, "Vera Visitor");
    await runDueJobs();
    await signAs(tokenFromOutbox("max@example.com")!, "Max Manager");
    await runDueJobs();
    const done = await call("GET", `${SR}/${req!.id}`, { key });
    expect(done.body.data.status).toBe("COMPLETED");
    const lines = await certificateLines(await sealedDocument(key, req!.id));
    expect(lines).toContain("Front desk NDA");
    expect(lines).toMatch(/Vera Visitor <visitor@example\.com>/);
    expect(lines.replace(/\s+/g, " "), lines).toMatch(/nicht bestätigt|not confirmed/);
    const counted = (await call("GET", `${T}/${tpl}/public-links/${link.id}`, { key })).body.data.counts;
    expect(counted).toEqual({ visits: 1, started: 1, startedToday: 1, completed: 1 });
    // The same counts for Prometheus, per link.
    process.env.METRICS_TOKEN = "public-links-metrics-token-123456";
    try {
      const metrics = await (
        await call("GET", "/metrics", { headers: { authorization: `Bearer ${process.env.METRICS_TOKEN}` } })
      ).raw.text();
      for (const state of ["visits", "started", "completed"])
        expect(metrics).toContain(`signet_public_link_requests{link="${link.id}",state="${state}"} 1`);
    } finally {
      delete process.env.METRICS_TOKEN;
    }
  });

  it("asks the visitor for the people the link leaves to them, and refuses one missing or not asked for", async () => {
    const { sandboxKey: key } = await makeOrg();
    const link = await makeLink(key, await twoRoleTemplate(key));
    expect((await view(link.slug)).body.data.others).toEqual([{ ref: "s2", name: "Manager" }]);
    const before = await rowCounts();
    const missing = await start(link.slug, visitor());
    expect([missing.status, missing.body.errorCode]).toEqual([422, "PUBLIC_LINK_PERSON_MISSING"]);
    const extra = await start(link.slug, {
      ...visitor(),
      people: { s2: visitor("m@example.com"), s7: visitor("x@example.com") },
    });
    expect([extra.status, extra.body.errorCode]).toEqual([422, "PUBLIC_LINK_ROLE_INVALID"]);
    const badPerson = await start(link.slug, { ...visitor(), people: { s2: { name: "<script>", email: "m@example.com" } } });
    expect(badPerson.status).toBe(400);
    expect(await rowCounts()).toEqual(before);
    const ok = await start(link.slug, { ...visitor(), people: { s2: { name: "Mia Manager", email: "mia@example.com" } } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
  });

  it("passes one of two visitors at once through a quota of 1, and once per e-mail whatever its case", async () => {
    const { sandboxKey: key } = await makeOrg();
    const tpl = await twoRoleTemplate(key);
    const fixed = { people: { Manager: { name: "Max", email: "max@example.com" } } };
    const one = await makeLink(key, tpl, { ...fixed, quota: { total: 1 } });
    const both = await Promise.all([start(one.slug, visitor("a@example.com")), start(one.slug, visitor("b@example.com"))]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(both.find((r) => r.status === 409)?.body.errorCode).toBe("PUBLIC_LINK_QUOTA_REACHED");
    expect((await view(one.slug)).status).toBe(409);
    const db = await getDb();
    expect((await db.select().from(signatureRequests).where(eq(signatureRequests.publicLinkId, one.id))).length).toBe(1);

    const once = await makeLink(key, tpl, { ...fixed, oncePerEmail: true });
    expect((await start(once.slug, visitor("c@example.com"))).status).toBe(201);
    const again = await start(once.slug, visitor("C@Example.com"));
    expect([again.status, again.body.errorCode]).toEqual([409, "PUBLIC_LINK_ALREADY_USED"]);
    expect((await start(once.slug, visitor("d@example.com"))).status).toBe(201);

    const daily = await makeLink(key, tpl, { ...fixed, quota: { perDay: 1 } });
    expect((await start(daily.slug, visitor("e@example.com"))).status).toBe(201);
    const today = await start(daily.slug, visitor("f@example.com"));
    expect([today.status, today.body.errorCode]).toEqual([429, "PUBLIC_LINK_DAILY_QUOTA_REACHED"]);
    expect(Number(today.raw.headers.get("retry-after"))).toBeGreaterThan(0);
    // Tomorrow (the clock the server reads, moved a day on), the day's place is free again.
    const tomorrow = new Date(Date.now() + 86_400_000);
    vi.spyOn(clock, "now").mockReturnValue(tomorrow);
    expect((await start(daily.slug, visitor("f@example.com"))).status).toBe(201);
  });

  it("takes the access code, and refuses a wrong or missing one (401) without making anything", async () => {
    const { sandboxKey: key } = await makeOrg();
    const link = await makeLink(key, await twoRoleTemplate(key), {
      accessCode: "front-desk-42",
      people: { Manager: { name: "Max", email: "max@example.com" } },
    });
    expect(link.accessCode).toBe(true);
    expect(JSON.stringify(link)).not.toContain("front-desk-42");
    expect((await view(link.slug)).body.data.accessCode).toBe(true);
    const before = await rowCounts();
    for (const accessCode of [undefined, "front-desk-41", "x".repeat(64)]) {
      const r = await start(link.slug, { ...visitor(), ...(accessCode !== undefined && { accessCode }) });
      expect([r.status, r.body.errorCode]).toEqual([401, "PUBLIC_LINK_CODE_WRONG"]);
    }
    expect(await rowCounts()).toEqual(before);
    expect((await start(link.slug, { ...visitor(), accessCode: " front-desk-42 " })).status).toBe(201);
  });

  it("confirms the visitor's address by a mailed code before anything is made; a wrong code counts down, the fifth ends the visit", async () => {
    const { sandboxKey: key } = await makeOrg();
    const link = await makeLink(key, await twoRoleTemplate(key), {
      confirmEmail: true,
      people: { Manager: { name: "Max", email: "max@example.com" } },
    });
    const email = `confirm-${link.slug}@example.com`;
    const s = await start(link.slug, visitor(email));
    expect(s.status, JSON.stringify(s.body)).toBe(202);
    expect(s.body.data).toMatchObject({ status: "CONFIRMING", signingUrl: null });
    const visitId = s.body.data.visitId as string;
    const db = await getDb();
    expect((await db.select().from(signatureRequests).where(eq(signatureRequests.publicLinkId, link.id))).length).toBe(0);
    await runDueJobs();
    const code = mailedCode(email);
    expect(code).toMatch(/^\d{6}$/);
    const confirm = (c: string) =>
      call("POST", `/api/public/${link.slug}/visits/${visitId}/confirm`, { json: { code: c }, ip: address });
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const w = await confirm(wrong);
    expect([w.status, w.body.errorCode, w.body.details?.attemptsLeft]).toEqual([401, "PUBLIC_LINK_CODE_WRONG", 4]);
    expect((await confirm("12ab56")).status).toBe(400);
    const right = await confirm(code!);
    expect(right.status, JSON.stringify(right.body)).toBe(201);
    expect(right.body.data.signingUrl).toMatch(/\/sign\//);
    const again = await confirm(code!);
    expect([again.status, again.body.errorCode]).toEqual([410, "PUBLIC_VISIT_ENDED"]);
    const [req] = await db.select().from(signatureRequests).where(eq(signatureRequests.publicLinkId, link.id));
    const [created] = await db.select().from(auditEvents).where(eq(auditEvents.requestId, req!.id)).limit(1);
    expect(created?.data).toMatchObject({ publicLink: { id: link.id, visitor: { email, emailConfirmed: true } } });

    // A visit whose code expired a day ago is dropped by the sweep (its name and address kept no longer).
    const stale = await start(link.slug, visitor(`stale-${email}`), `${address}1`);
    expect(stale.status).toBe(202);
    await db
      .update(publicVisits)
      .set({ codeExpiresAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(eq(publicVisits.id, stale.body.data.visitId));
    expect(await dropStaleVisits()).toBeGreaterThanOrEqual(1);
    expect(await db.select().from(publicVisits).where(eq(publicVisits.id, stale.body.data.visitId))).toEqual([]);

    // Five wrong codes end another visit.
    const other = await start(link.slug, visitor(`other-${email}`), `${address}0`);
    const otherConfirm = (c: string) =>
      call("POST", `/api/public/${link.slug}/visits/${other.body.data.visitId}/confirm`, {
        json: { code: c },
        ip: `${address}0`,
      });
    for (let i = 0; i < 5; i++) expect((await otherConfirm("000000")).status).toBeOneOf([401, 201]);
    await runDueJobs();
    const late = await otherConfirm(mailedCode(`other-${email}`)!);
    expect([late.status, late.body.errorCode]).toEqual([410, "PUBLIC_VISIT_ENDED"]);
  });

  it("serves nothing from a paused, expired, revoked or unknown link, nor from a deleted template", async () => {
    const { sandboxKey: key } = await makeOrg();
    const tpl = await twoRoleTemplate(key);
    const fixed = { people: { Manager: { name: "Max", email: "max@example.com" } } };
    const link = await makeLink(key, tpl, { ...fixed, expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    const before = await rowCounts();

    const paused = await call("PATCH", `${T}/${tpl}/public-links/${link.id}`, { key, json: { status: "PAUSED" } });
    expect(paused.body.data.status).toBe("PAUSED");
    expect((await view(link.slug)).body.errorCode).toBe("PUBLIC_LINK_PAUSED");
    expect((await start(link.slug, visitor())).status).toBe(409);
    await call("PATCH", `${T}/${tpl}/public-links/${link.id}`, { key, json: { status: "ACTIVE" } });
    expect((await view(link.slug)).status).toBe(200);

    vi.spyOn(clock, "now").mockReturnValue(new Date(Date.now() + 2 * 3_600_000));
    expect([(await view(link.slug)).status, (await start(link.slug, visitor())).body.errorCode]).toEqual([
      410,
      "PUBLIC_LINK_EXPIRED",
    ]);
    vi.restoreAllMocks();

    const revoked = await call("DELETE", `${T}/${tpl}/public-links/${link.id}`, { key });
    expect(revoked.body.data).toMatchObject({ status: "REVOKED" });
    expect((await view(link.slug)).status).toBe(410);
    expect((await start(link.slug, visitor())).body.errorCode).toBe("PUBLIC_LINK_REVOKED");
    const patch = await call("PATCH", `${T}/${tpl}/public-links/${link.id}`, { key, json: { status: "ACTIVE" } });
    expect([patch.status, patch.body.errorCode]).toEqual([410, "PUBLIC_LINK_REVOKED"]);

    for (const slug of ["AAAAAAAAAAAAAAAA", "short", "../../api/v1", "%00".repeat(8), "x".repeat(5000)]) {
      const r = await call("GET", `/api/public/${encodeURIComponent(slug)}`, { ip: "198.51.100.9" });
      expect([r.status, r.body.errorCode], slug).toEqual([404, "PUBLIC_LINK_NOT_FOUND"]);
    }
    const live = await makeLink(key, tpl, fixed);
    expect((await call("DELETE", `${T}/${tpl}`, { key })).status).toBe(200);
    expect((await view(live.slug)).status).toBe(404);
    expect(await rowCounts()).toEqual(before);
  });

  it("limits visitors per address (429 with Retry-After) before looking the link up", async () => {
    process.env.PUBLIC_LINK_RATE_LIMIT_IP = "5";
    const { sandboxKey: key } = await makeOrg();
    const link = await makeLink(key, await twoRoleTemplate(key));
    const ip = `192.0.2.${Math.floor(Math.random() * 200) + 20}`;
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push(await view(i % 2 ? link.slug : "ZZZZZZZZZZZZZZZZ", ip));
    expect(answers.slice(0, 5).every((r) => r.status !== 429)).toBe(true);
    const limited = answers.at(-1)!;
    expect(limited.status).toBe(429);
    expect(Number(limited.raw.headers.get("retry-after"))).toBeGreaterThan(0);
    // Starting has a fifth as many: the second start from the address is refused.
    expect((await start(link.slug, visitor(), `${ip}1`)).status).not.toBe(429);
    expect((await start(link.slug, visitor(), `${ip}1`)).status).toBe(429);
  });
});
