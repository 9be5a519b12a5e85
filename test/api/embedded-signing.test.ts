import { beforeAll, describe, expect, it, vi } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { isValidElement, type ReactElement } from "react";
import { getDb } from "@/lib/server/db";
import { auditEvents, embedLinks, jobs, mailLog, recipients } from "@/lib/server/db/schema";
import { runDueJobs } from "@/lib/server/worker/worker";
import { EMBED_SESSION_TTL_MS, EMBED_URL_TTL_MS, openEmbedLink } from "@/lib/server/signing/embed-links";
import { hashToken } from "@/lib/server/tokens";
import EmbeddedSignPage from "@/app/sign/embed/[token]/page";
import { call, makeOrg } from "../support/api";
import { draftWithSigners, sendDraft } from "../support/drafts";
import { PNG_1x1, tokenOf } from "../support/signing";
import { firstOf, group } from "../support/expect-helpers";
import { operationOf, type OpenApiDoc } from "../support/openapi-doc";

// Embedded signing. An EMBEDDED recipient is never mailed; the sender asks for a
// signing URL (5 minutes, once) and frames it; opening it gives the usual signing session.

// The page is rendered as a server component: its client app is not needed, and its request headers
// are a test's.
vi.mock("@/components/signing/signing-app", () => ({ SigningApp: () => null }));
vi.mock("next/headers", () => ({ headers: async () => new Headers({ "user-agent": "EmbedBrowser/1.0" }) }));

const SR = "/api/v1/enterprise/signature-requests";
type Signer = {
  email: string;
  name: string;
  order?: number;
  delivery?: string;
  authentication?: { method: string; accessCode?: string };
};

const draftWith = <const S extends readonly Signer[]>(key: string, signers: S) =>
  draftWithSigners(key, signers, "Embedded contract");

async function sentWith<const S extends readonly Signer[]>(key: string, signers: S) {
  const d = await draftWith(key, signers);
  await sendDraft(key, d.id);
  await runDueJobs();
  return d;
}

const signingUrl = (key: string, id: string, recipientId: string) =>
  call("POST", `${SR}/${id}/recipients/${recipientId}/signing-url`, { key });
const tokenOfUrl = (url: string) => group(/\/sign\/embed\/([A-Za-z0-9_-]{43})$/.exec(url), 1, `an embedded signing URL: ${url}`);

async function recipientRow(id: string) {
  const db = await getDb();
  return firstOf(await db.select().from(recipients).where(eq(recipients.id, id)), `recipient ${id}`);
}
async function mailsTo(email: string) {
  const db = await getDb();
  return db
    .select()
    .from(mailLog)
    .where(sql`${mailLog.to} like ${"%" + email + "%"}`);
}
async function signWith(linkToken: string) {
  const view = await call("GET", `/api/sign/${linkToken}`);
  expect(view.status).toBe(200);
  return call("POST", `/api/sign/${linkToken}/sign`, {
    json: { consent: true, values: view.body.data.fields.map((f: { id: string }) => ({ fieldId: f.id, image: PNG_1x1 })) },
  });
}

describe("a recipient's delivery", () => {
  let key: string;
  beforeAll(async () => {
    key = (await makeOrg()).sandboxKey;
  });

  it("is EMAIL by default, takes EMBEDDED (or 'embedded'), is returned by GET and changes by PATCH while DRAFT", async () => {
    const {
      id,
      recipientIds: [a, b],
    } = await draftWith(key, [
      { email: "mail@example.com", name: "Mailed" },
      { email: "embed@example.com", name: "Embedded", delivery: "embedded" },
    ]);
    const got = await call("GET", `${SR}/${id}`, { key });
    const byId = Object.fromEntries(got.body.data.recipients.map((r) => [r.id, r]));
    expect(byId[a]?.delivery).toBe("EMAIL");
    expect(byId[b]?.delivery).toBe("EMBEDDED");
    expect((await recipientRow(b)).delivery).toBe("EMBEDDED");

    const patched = await call("PATCH", `${SR}/${id}/recipients/${a}`, { key, json: { delivery: "EMBEDDED" } });
    expect(patched.status).toBe(200);
    expect(patched.body.data.delivery).toBe("EMBEDDED");
    const back = await call("PATCH", `${SR}/${id}/recipients/${a}`, { key, json: { delivery: "email" } });
    expect(back.body.data.delivery).toBe("EMAIL");

    for (const delivery of ["SMS", "", 1, null]) {
      const bad = await call("PATCH", `${SR}/${id}/recipients/${a}`, { key, json: { delivery } });
      expect(bad.status, JSON.stringify(delivery)).toBe(400);
    }
    expect((await recipientRow(a)).delivery).toBe("EMAIL");
  });

  it("EMBEDDED with a code to give is refused (422), whichever is set first", async () => {
    const {
      id,
      recipientIds: [a, b],
    } = await draftWith(key, [
      { email: "code@example.com", name: "Code", authentication: { method: "ACCESS_CODE", accessCode: "blue-river-42" } },
      { email: "embed2@example.com", name: "Embedded", delivery: "EMBEDDED" },
    ]);
    const add = await call("POST", `${SR}/${id}/recipients`, {
      key,
      json: { email: "x@example.com", name: "X", delivery: "EMBEDDED", authentication: { method: "EMAIL_CODE" } },
    });
    expect(add.status).toBe(422);
    expect(add.body.message).toMatch(/EMBEDDED/);
    expect((await call("PATCH", `${SR}/${id}/recipients/${a}`, { key, json: { delivery: "EMBEDDED" } })).status).toBe(422);
    expect(
      (await call("PATCH", `${SR}/${id}/recipients/${b}`, { key, json: { authentication: { method: "EMAIL_CODE" } } })).status,
    ).toBe(422);
    expect((await recipientRow(a)).delivery).toBe("EMAIL");
    expect((await recipientRow(b)).authMethod).toBe("NONE");
  });

  it("cannot change once the request is sent", async () => {
    const {
      id,
      recipientIds: [a],
    } = await sentWith(key, [{ email: "late@example.com", name: "Late" }]);
    expect((await call("PATCH", `${SR}/${id}/recipients/${a}`, { key, json: { delivery: "EMBEDDED" } })).status).toBe(409);
  });
});

describe("an EMBEDDED recipient's turn", () => {
  let key: string;
  beforeAll(async () => {
    key = (await makeOrg()).sandboxKey;
  });

  it("comes in order with no invitation mail (nor reminder); the mailed signer is mailed as before", async () => {
    const {
      id,
      recipientIds: [first, embedded],
    } = await sentWith(key, [
      { email: "first-mailed@example.com", name: "First", order: 1 },
      { email: "second-embedded@example.com", name: "Second", order: 2, delivery: "EMBEDDED" },
    ]);
    expect((await mailsTo("first-mailed@example.com")).map((m) => m.kind)).toEqual(["invitation"]);
    expect((await recipientRow(embedded)).status).toBe("PENDING");
    // Not their turn yet: no URL.
    const early = await signingUrl(key, id, embedded);
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/not this recipient's turn/);

    expect((await signWith(await tokenOf(first))).status).toBe(200);
    await runDueJobs();
    const row = await recipientRow(embedded);
    expect(row.status).toBe("SENT");
    expect(row.sentAt).not.toBeNull();
    expect(await mailsTo("second-embedded@example.com")).toEqual([]);
    const db = await getDb();
    const queued = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, "invitation"), sql`${jobs.payload}->>'recipientId' = ${embedded}`));
    expect(queued).toEqual([]);
    const invited = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.requestId, id), eq(auditEvents.type, "recipient.invited")));
    expect(invited.find((e) => (e.data as { recipientId?: string }).recipientId === embedded)?.data).toMatchObject({
      via: "embedded",
    });

    const reminded = await call("POST", `${SR}/${id}/remind`, { key });
    expect(reminded.status).toBe(200);
    expect(reminded.body.data.reminded).toEqual([]);
    await runDueJobs();
    expect(await mailsTo("second-embedded@example.com")).toEqual([]);

    // Their turn: the signing URL opens the usual signing page and signs.
    const url = await signingUrl(key, id, embedded);
    expect(url.status).toBe(201);
    const opened = await openEmbedLink(tokenOfUrl(url.body.data.url));
    expect(opened).toMatchObject({ requestId: id, recipientId: embedded });
    expect((await signWith(opened!.sessionToken)).status).toBe(200);
    expect((await recipientRow(embedded)).status).toBe("SIGNED");
    // Done: no more URLs.
    expect((await signingUrl(key, id, embedded)).status).toBe(409);
  });
});

describe("POST …/recipients/{recipientId}/signing-url", () => {
  let key: string;
  let otherKey: string;
  let req: { id: string; recipientIds: [string, string] };
  beforeAll(async () => {
    key = (await makeOrg()).sandboxKey;
    otherKey = (await makeOrg()).sandboxKey;
    req = await sentWith(key, [
      { email: "embed-url@example.com", name: "Embedded Signer", delivery: "EMBEDDED" },
      { email: "mailed-url@example.com", name: "Mailed Signer" },
    ]);
  });

  it("gives a URL on this server, valid 5 minutes, and is audited", async () => {
    const before = Date.now();
    const res = await signingUrl(key, req.id, req.recipientIds[0]);
    expect(res.status).toBe(201);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.body.data.url).toMatch(/^http:\/\/localhost:\d+\/sign\/embed\/[A-Za-z0-9_-]{43}$/);
    const expires = Date.parse(res.body.data.expiresAt);
    expect(expires).toBeGreaterThanOrEqual(before + EMBED_URL_TTL_MS - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + EMBED_URL_TTL_MS + 1000);
    // Only the hash is stored; the recipient's own link token is nowhere in the answer.
    const t = tokenOfUrl(res.body.data.url);
    const db = await getDb();
    const row = firstOf(
      await db
        .select()
        .from(embedLinks)
        .where(eq(embedLinks.tokenHash, hashToken(t))),
      "embed link",
    );
    expect(row.recipientId).toBe(req.recipientIds[0]);
    expect(JSON.stringify(res.body)).not.toContain(await tokenOf(req.recipientIds[0]));
    const audit = await call("GET", `${SR}/${req.id}/audit`, { key });
    expect(audit.body.data.items.some((e: { type: string }) => e.type === "recipient.signing_url.created")).toBe(true);
    expect(JSON.stringify(audit.body)).not.toContain(t);
  });

  it("refuses a recipient that is not EMBEDDED (422) and a DRAFT (409)", async () => {
    const mailed = await signingUrl(key, req.id, req.recipientIds[1]);
    expect(mailed.status).toBe(422);
    expect(mailed.body.message).toMatch(/only an EMBEDDED recipient has a signing URL/);
    const draft = await draftWith(key, [{ email: "draft-embed@example.com", name: "Draft", delivery: "EMBEDDED" }]);
    const early = await signingUrl(key, draft.id, draft.recipientIds[0]);
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/DRAFT/);
  });

  it("refuses a cancelled request (409)", async () => {
    const r = await sentWith(key, [{ email: "cancel-embed@example.com", name: "C", delivery: "EMBEDDED" }]);
    expect((await call("POST", `${SR}/${r.id}/cancel`, { key })).status).toBe(200);
    expect((await signingUrl(key, r.id, r.recipientIds[0])).status).toBe(409);
  });

  it("answers 404 for another organization's request or recipient, and for ids that are not ids", async () => {
    expect((await signingUrl(otherKey, req.id, req.recipientIds[0])).status).toBe(404);
    const mine = await sentWith(otherKey, [{ email: "other-org@example.com", name: "O", delivery: "EMBEDDED" }]);
    expect((await signingUrl(key, mine.id, mine.recipientIds[0])).status).toBe(404);
    // A recipient of another request, under this request's id.
    expect((await signingUrl(otherKey, mine.id, req.recipientIds[0])).status).toBe(404);
    for (const [id, rid] of [
      ["not-a-uuid", req.recipientIds[0]],
      [req.id, "not-a-uuid"],
      [req.id, "00000000-0000-4000-8000-000000000000"],
      [req.id, "x".repeat(101)],
    ] as const) {
      const res = await signingUrl(key, id, rid);
      expect(res.status, `${id} ${rid}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${id} ${rid}`).toBeLessThan(500);
    }
    expect((await call("GET", `${SR}/${req.id}/recipients/${req.recipientIds[0]}/signing-url`, { key })).status).toBe(405);
    expect((await call("POST", `${SR}/${req.id}/recipients/${req.recipientIds[0]}/signing-url`, {})).status).toBe(401);
  });

  it("opens once: the first GET of the page consumes it and renders the recipient's signing app; the second is 404", async () => {
    process.env.EMBED_ALLOWED_ORIGINS = "https://app.example.com";
    try {
      const res = await signingUrl(key, req.id, req.recipientIds[0]);
      const t = tokenOfUrl(res.body.data.url);
      const el = (await EmbeddedSignPage({ params: Promise.resolve({ token: t }) })) as ReactElement<{
        allowedOrigins: string[];
        requestId: string;
        recipientId: string;
        children: ReactElement<{ token: string }>;
      }>;
      expect(isValidElement(el)).toBe(true);
      expect(el.props).toMatchObject({
        allowedOrigins: ["https://app.example.com"],
        requestId: req.id,
        recipientId: req.recipientIds[0],
      });
      // The page's own token, never the recipient's link token (nor its hash) anywhere in what
      // the page renders: every prop that reaches the HTML and the client payload.
      const pageToken = el.props.children.props.token;
      expect(pageToken).toMatch(/^es_[A-Za-z0-9_-]{43}$/);
      const linkToken = await tokenOf(req.recipientIds[0]);
      const rendered = JSON.stringify(el);
      expect(rendered).toContain(pageToken);
      expect(rendered).not.toContain(linkToken);
      expect(rendered).not.toContain(hashToken(linkToken));
      // The page's token is the session: the signer's API answers for this recipient.
      const view = await call("GET", `/api/sign/${pageToken}`);
      expect(view.status).toBe(200);
      expect(view.body.data.recipient.id).toBe(req.recipientIds[0]);
      expect(view.body.data.yourTurn).toBe(true);

      await expect(EmbeddedSignPage({ params: Promise.resolve({ token: t }) })).rejects.toMatchObject({
        digest: expect.stringMatching(/404/),
      });
      expect(await openEmbedLink(t)).toBeNull();
      const db = await getDb();
      const opened = await db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.requestId, req.id), eq(auditEvents.type, "recipient.signing_url.opened")));
      expect(opened.length).toBeGreaterThanOrEqual(1);
      expect(opened.at(-1)!.userAgent).toBe("EmbedBrowser/1.0");
    } finally {
      delete process.env.EMBED_ALLOWED_ORIGINS;
    }
  });

  it("the page's token works for its recipient only, and only while its session lasts", async () => {
    const other = await sentWith(key, [{ email: "embed-other@example.com", name: "Other Embedded", delivery: "EMBEDDED" }]);
    const open = async (rid: string, reqId = req.id) =>
      (await openEmbedLink(tokenOfUrl((await signingUrl(key, reqId, rid)).body.data.url)))!;
    const mine = await open(req.recipientIds[0]);
    const theirs = await open(other.recipientIds[0], other.id);
    expect(mine.sessionExpiresAt.getTime()).toBeLessThanOrEqual(Date.now() + EMBED_SESSION_TTL_MS);
    // Each token opens its own recipient, nobody else's.
    expect((await call("GET", `/api/sign/${mine.sessionToken}`)).body.data.recipient.id).toBe(req.recipientIds[0]);
    expect((await call("GET", `/api/sign/${theirs.sessionToken}`)).body.data.recipient.id).toBe(other.recipientIds[0]);
    // Malformed (400), unknown, or a URL token used as a page token (404, as an unknown link).
    const url = tokenOfUrl((await signingUrl(key, req.id, req.recipientIds[0])).body.data.url);
    for (const t of [`es_${"A".repeat(43)}`, "es_", `es_${"A".repeat(44)}`, `es_${url}`, `${mine.sessionToken}x`]) {
      const r = await call("GET", `/api/sign/${encodeURIComponent(t)}`);
      expect({ t, refused: [400, 404].includes(r.status) }).toEqual({ t, refused: true });
    }
    // The session ends (the database's clock decides): view, document, sign and decline all refuse it,
    // and nothing changes.
    const db = await getDb();
    await db
      .update(embedLinks)
      .set({ sessionExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(embedLinks.sessionHash, hashToken(mine.sessionToken)));
    const before = await recipientRow(req.recipientIds[0]);
    expect((await call("GET", `/api/sign/${mine.sessionToken}`)).status).toBe(404);
    expect((await call("GET", `/api/sign/${mine.sessionToken}/document`)).status).toBe(404);
    const signed = await call("POST", `/api/sign/${mine.sessionToken}/sign`, { json: { consent: true, values: [] } });
    expect(signed.status).toBe(404);
    const declined = await call("POST", `/api/sign/${mine.sessionToken}/decline`, { json: { reason: "no" } });
    expect(declined.status).toBe(404);
    expect(await recipientRow(req.recipientIds[0])).toEqual(before);
    // The other recipient's session is untouched.
    expect((await call("GET", `/api/sign/${theirs.sessionToken}`)).status).toBe(200);
  });

  it("expires: a URL past its time opens nothing (the database's clock decides)", async () => {
    const res = await signingUrl(key, req.id, req.recipientIds[0]);
    const t = tokenOfUrl(res.body.data.url);
    const db = await getDb();
    await db
      .update(embedLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(embedLinks.tokenHash, hashToken(t)));
    expect(await openEmbedLink(t)).toBeNull();
    // Nor was it marked used by the failed attempt.
    const row = firstOf(
      await db
        .select()
        .from(embedLinks)
        .where(eq(embedLinks.tokenHash, hashToken(t))),
      "embed link",
    );
    expect(row.usedAt).toBeNull();
    // Just before its time it still opens.
    const fresh = tokenOfUrl((await signingUrl(key, req.id, req.recipientIds[0])).body.data.url);
    await db
      .update(embedLinks)
      // A minute ahead, not two seconds: on a loaded machine the open below may come later than that.
      .set({ expiresAt: new Date(Date.now() + 60_000) })
      .where(eq(embedLinks.tokenHash, hashToken(fresh)));
    expect(await openEmbedLink(fresh)).not.toBeNull();
  });

  it("opens nothing for tokens that are malformed or unknown", async () => {
    for (const t of ["", "short", "x".repeat(43), "../../api/health", "a".repeat(200)]) expect(await openEmbedLink(t)).toBeNull();
    await expect(EmbeddedSignPage({ params: Promise.resolve({ token: "nope" }) })).rejects.toMatchObject({
      digest: expect.stringMatching(/404/),
    });
  });

  it("is listed in the OpenAPI document, and a recipient's delivery with it", async () => {
    const doc = (await (await call("GET", "/api/v1/openapi.json")).raw.json()) as OpenApiDoc;
    const op = operationOf(doc, "/api/v1/enterprise/signature-requests/{id}/recipients/{recipientId}/signing-url", "post");
    expect(JSON.stringify(op.responses["201"])).toContain("expiresAt");
    for (const s of [409, 422, 404]) expect(op.responses[String(s)], String(s)).toBeTruthy();
    const add = operationOf(doc, "/api/v1/enterprise/signature-requests/{id}/recipients", "post");
    expect(JSON.stringify(add.requestBody)).toContain("EMBEDDED");
    expect(JSON.stringify(add.responses["201"])).toContain("EMBEDDED");
  });
});
