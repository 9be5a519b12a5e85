import { beforeAll, describe, expect, it, vi } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { auditEvents, jobs, mailLog, recipients, signerCodes, signerSessions } from "@/lib/server/db/schema";
import { runDueJobs } from "@/lib/server/worker/worker";
import { CODE_TTL_MS, sessionCookieName } from "@/lib/server/signing/signer-session";
import { call, makeOrg, type CallOptions } from "../support/api";
import { draftWithSigners, idsFor, sendDraft } from "../support/drafts";
import { PNG_1x1, tokenOf } from "../support/signing";
import { signingPageHtml } from "../support/signing-page";
import { useSmtp } from "../support/smtp";
import { firstOf } from "../support/expect-helpers";

// A recipient may have to give an access code or an e-mailed code before their
// signing link shows anything; wrong codes are counted in the database and lock the link.

// What the page decides is enough here; its client app (fonts, the PDF viewer) is not needed.
vi.mock("@/components/signing/signing-app", () => ({ SigningApp: () => null }));

const SR = "/api/v1/enterprise/signature-requests";
const TITLE = "Confidential merger terms";
const ACCESS = "blue-river-42";
const IP = "198.51.100.23";
const UA = "CodeBrowser/2.0";

type Auth = { method: "NONE" | "ACCESS_CODE" | "EMAIL_CODE"; accessCode?: string };
type Signer = { email: string; name: string; order?: number; authentication?: Auth };

/** A cookie jar for one browser: the Set-Cookie it got, sent back on later calls. */
class Browser {
  cookies = new Map<string, string>();
  take(res: { headers: Headers }) {
    const set = res.headers.get("set-cookie");
    if (!set) return;
    const [pair = ""] = set.split(";");
    const i = pair.indexOf("=");
    this.cookies.set(pair.slice(0, i), pair.slice(i + 1));
  }
  get header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

function signer(t: string, b?: Browser) {
  const opts = (extra: CallOptions = {}): CallOptions => ({
    ip: IP,
    ...extra,
    headers: { "user-agent": UA, ...(b?.cookies.size ? { cookie: b.header } : {}), ...extra.headers },
  });
  return {
    view: () => call("GET", `/api/sign/${t}`, opts()),
    doc: () => call("GET", `/api/sign/${t}/document`, opts()),
    sign: (json: unknown) => call("POST", `/api/sign/${t}/sign`, opts({ json })),
    decline: () => call("POST", `/api/sign/${t}/decline`, opts({ json: { reason: "No" } })),
    state: () => call("GET", `/api/sign/${t}/authentication`, opts()),
    sendCode: () => call("POST", `/api/sign/${t}/authentication/code`, opts()),
    verify: async (body: unknown) => {
      const res = await call("POST", `/api/sign/${t}/authentication`, opts({ json: body }));
      if (res.status === 200) b?.take(res);
      return res;
    },
  };
}

const draftWith = <const S extends readonly Signer[]>(key: string, signers: S) => draftWithSigners(key, signers, TITLE);

async function sentWith<const S extends readonly Signer[]>(key: string, signers: S) {
  const d = await draftWith(key, signers);
  await sendDraft(key, d.id);
  await runDueJobs();
  return { ...d, tokens: idsFor(signers, await Promise.all(d.recipientIds.map((id) => tokenOf(id)))) };
}

async function row(id: string) {
  const db = await getDb();
  return firstOf(await db.select().from(recipients).where(eq(recipients.id, id)), `recipient ${id}`);
}
async function events(requestId: string) {
  const db = await getDb();
  return db.select().from(auditEvents).where(eq(auditEvents.requestId, requestId));
}
async function signValues(t: string, b: Browser) {
  const v = await signer(t, b).view();
  return { consent: true, values: v.body.data.fields.map((f: { id: string }) => ({ fieldId: f.id, image: PNG_1x1 })) };
}

describe("signer authentication: the recipient's setting", () => {
  let key: string;
  beforeAll(async () => {
    key = (await makeOrg()).sandboxKey;
  });

  it("is stored (the access code hashed) and returned as the method only", async () => {
    const {
      id,
      recipientIds: [a, e, n],
    } = await draftWith(key, [
      { email: "ac@example.com", name: "Access Code", authentication: { method: "ACCESS_CODE", accessCode: `  ${ACCESS} ` } },
      { email: "ec@example.com", name: "Email Code", authentication: { method: "EMAIL_CODE" } },
      { email: "none@example.com", name: "No Code" },
    ]);
    const got = await call("GET", `${SR}/${id}`, { key });
    const byId = Object.fromEntries(got.body.data.recipients.map((r) => [r.id, r]));
    expect(byId[a]?.authentication).toEqual({ method: "ACCESS_CODE" });
    expect(byId[e]?.authentication).toEqual({ method: "EMAIL_CODE" });
    expect(byId[n]?.authentication).toEqual({ method: "NONE" });
    const stored = await row(a);
    expect(stored.authMethod).toBe("ACCESS_CODE");
    expect(stored.accessCodeHash).toMatch(/^scrypt\$/);
    expect(stored.accessCodeHash).not.toContain(ACCESS);
    expect((await row(n)).authMethod).toBe("NONE");

    const audit = await call("GET", `${SR}/${id}/audit`, { key });
    expect(audit.body.data.items.find((x) => x.type === "recipient.added" && x.data.recipientId === a)?.data.authMethod).toBe(
      "ACCESS_CODE",
    );
    for (const body of [JSON.stringify(got.body), JSON.stringify(audit.body)]) {
      expect(body).not.toContain(ACCESS);
      expect(body).not.toContain(stored.accessCodeHash!);
      expect(body).not.toMatch(/scrypt/);
    }
  });

  it("refuses malformed settings with 400 and changes nothing", async () => {
    const { id } = await draftWith(key, []);
    const bad: unknown[] = [
      { method: "ACCESS_CODE" },
      { method: "ACCESS_CODE", accessCode: "abc" },
      { method: "ACCESS_CODE", accessCode: "five5" }, // an access code has 6 characters at least
      { method: "ACCESS_CODE", accessCode: "  12345  " },
      { method: "ACCESS_CODE", accessCode: "x".repeat(65) },
      { method: "ACCESS_CODE", accessCode: 1234 },
      { method: "ACCESS_CODE", accessCode: "ab\ncd" },
      { method: "EMAIL_CODE", accessCode: "abcd1234" },
      { method: "SMS" },
      { method: "NONE", extra: true },
      "ACCESS_CODE",
      null,
    ];
    for (const authentication of bad) {
      const r = await call("POST", `${SR}/${id}/recipients`, {
        key,
        json: { email: "x@example.com", name: "X", authentication },
      });
      expect(r.status, JSON.stringify(authentication)).toBe(400);
      expect(r.body).toMatchObject({ code: 400, data: null });
      expect(r.body.errors.length).toBeGreaterThan(0);
    }
    expect((await call("GET", `${SR}/${id}`, { key })).body.data.recipients).toHaveLength(0);
  });

  it("changes by PATCH while DRAFT (the code kept when left out), 409 once sent", async () => {
    const {
      id,
      recipientIds: [a],
    } = await draftWith(key, [{ email: "p@example.com", name: "Pat", authentication: { method: "EMAIL_CODE" } }]);
    const patch = (json: unknown) => call("PATCH", `${SR}/${id}/recipients/${a}`, { key, json });
    // switching to ACCESS_CODE needs a code
    const missing = await patch({ authentication: { method: "ACCESS_CODE" } });
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0]?.field).toBe("authentication.accessCode");
    expect((await row(a)).authMethod).toBe("EMAIL_CODE");

    const set = await patch({ authentication: { method: "ACCESS_CODE", accessCode: "first-code" } });
    expect(set.status).toBe(200);
    expect(set.body.data.authentication).toEqual({ method: "ACCESS_CODE" });
    const hash1 = (await row(a)).accessCodeHash;
    // keeping ACCESS_CODE without a code, or changing only the name, keeps the code
    expect((await patch({ authentication: { method: "ACCESS_CODE" } })).status).toBe(200);
    expect((await patch({ name: "Pat Two" })).status).toBe(200);
    expect((await row(a)).accessCodeHash).toBe(hash1);
    expect((await patch({ authentication: { method: "ACCESS_CODE", accessCode: "second-code" } })).status).toBe(200);
    expect((await row(a)).accessCodeHash).not.toBe(hash1);
    const updated = (await events(id)).filter((x) => x.type === "recipient.updated").map((x) => JSON.stringify(x.data));
    expect(updated.join()).not.toMatch(/first-code|second-code|scrypt/);

    expect((await patch({ authentication: { method: "NONE" } })).status).toBe(200);
    expect(await row(a)).toMatchObject({ authMethod: "NONE", accessCodeHash: null });

    await patch({ authentication: { method: "ACCESS_CODE", accessCode: ACCESS } });
    await call("POST", `${SR}/${id}/send`, { key });
    const late = await patch({ authentication: { method: "NONE" } });
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/IN_PROGRESS/);
    expect((await row(a)).authMethod).toBe("ACCESS_CODE");
  });
});

describe("signer authentication: ACCESS_CODE", () => {
  let key: string;
  beforeAll(async () => {
    key = (await makeOrg()).sandboxKey;
  });

  it("shows nothing before the code; counts wrong codes; the fifth locks; the lock runs out; the right code opens", async () => {
    const {
      id,
      recipientIds: [a],
      tokens: [t],
    } = await sentWith(key, [
      { email: "lock@example.com", name: "Lou Lock", authentication: { method: "ACCESS_CODE", accessCode: ACCESS } },
    ]);
    const b = new Browser();
    const s = signer(t, b);

    // nothing of the document: not the view, not the bytes, no signing or declining
    for (const res of [await s.view(), await s.doc(), await s.sign({ consent: true, values: [] }), await s.decline()]) {
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({
        code: 401,
        data: null,
        details: {
          reason: "AUTHENTICATION_REQUIRED",
          authentication: { method: "ACCESS_CODE", attemptsLeft: 5, lockedUntil: null },
        },
      });
      expect(JSON.stringify(res.body)).not.toContain(TITLE);
      expect(res.body.details?.authentication).toMatchObject({ organization: expect.stringMatching(/^Test org/) });
    }
    expect((await row(a)).status).toBe("SENT"); // not VIEWED: nothing was seen
    expect((await s.state()).body.data).toMatchObject({ method: "ACCESS_CODE", verified: false, emailHint: null });
    // the page names nothing of the document either
    const html = await signingPageHtml(t);
    expect(html).not.toContain(TITLE);

    // malformed bodies: 400, not counted
    for (const body of [{}, { code: 1234 }, { code: "" }, { code: "x".repeat(65) }, { code: ACCESS, more: 1 }, "not json"]) {
      const r = await s.verify(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.data).toBeNull();
    }
    expect((await row(a)).authFailures).toBe(0);

    for (let i = 1; i <= 4; i++) {
      const wrong = await s.verify({ code: `wrong-${i}` });
      expect(wrong.status).toBe(401);
      expect(wrong.body.details).toEqual({ reason: "WRONG_CODE", attemptsLeft: 5 - i });
      expect(wrong.headers.get("set-cookie")).toBeNull();
      expect((await row(a)).authFailures).toBe(i);
    }
    const fifth = await s.verify({ code: "wrong-5" });
    expect(fifth.status).toBe(429);
    expect(fifth.body.details?.reason).toBe("LOCKED");
    expect(fifth.body.message).toMatch(/locked until/);
    const retry = Number(fifth.headers.get("retry-after"));
    expect(retry).toBeGreaterThan(14 * 60);
    expect(retry).toBeLessThanOrEqual(15 * 60);
    const locked = await row(a);
    expect(locked.authLockedUntil!.getTime()).toBe(new Date(String(fifth.body.details?.lockedUntil)).getTime());
    // locked: even the right code is refused, and the page is told until when
    const refused = await s.verify({ code: ACCESS });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("set-cookie")).toBeNull();
    expect((await s.view()).body.details?.authentication).toMatchObject({
      lockedUntil: fifth.body.details?.lockedUntil,
      attemptsLeft: 0,
    });

    // the lock runs out (its time moved into the past, as 15 minutes would)
    const db = await getDb();
    await db
      .update(recipients)
      .set({ authLockedUntil: new Date(Date.now() - 1000) })
      .where(eq(recipients.id, a));
    expect((await s.view()).body.details?.authentication).toMatchObject({ lockedUntil: null, attemptsLeft: 5 });
    const again = await s.verify({ code: "wrong-again" });
    expect(again.status).toBe(401);
    expect(again.body.details?.attemptsLeft).toBe(4); // the count started again
    const right = await s.verify({ code: ACCESS });
    expect(right.status).toBe(200);
    expect(right.body.data).toMatchObject({ verified: true, method: "ACCESS_CODE" });
    const cookie = right.headers.get("set-cookie")!;
    expect(cookie).toMatch(new RegExp(`^${sessionCookieName(t)}=[A-Za-z0-9_-]{43}; `));
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/); // http here
    expect(await row(a)).toMatchObject({ authFailures: 0, authLockedUntil: null });
    // the session is stored hashed
    const sess = firstOf(await db.select().from(signerSessions).where(eq(signerSessions.recipientId, a)), "signer session");
    expect(sess.tokenHash).not.toBe(b.cookies.get(sessionCookieName(t)));

    const view = await s.view();
    expect(view.status).toBe(200);
    expect(view.body.data.request.title).toBe(TITLE);
    expect((await s.doc()).headers.get("content-type")).toBe("application/pdf");
    expect((await row(a)).status).toBe("VIEWED");
    expect((await s.state()).body.data.verified).toBe(true);
    const signed = await s.sign(await signValues(t, b));
    expect(signed.status).toBe(200);

    // every attempt is in the audit trail, with who and from where; no code, no hash
    const trail = await events(id);
    const types = trail.map((x) => x.type);
    expect(types.filter((x) => x === "recipient.access_code.failed")).toHaveLength(6);
    expect(types.filter((x) => x === "recipient.link.locked")).toHaveLength(1);
    expect(types.filter((x) => x === "recipient.access_code.verified")).toHaveLength(1);
    for (const e of trail.filter((x) => x.type.startsWith("recipient.access_code") || x.type === "recipient.link.locked")) {
      expect(e).toMatchObject({ actor: `recipient:${a}`, ip: IP, userAgent: UA });
    }
    expect(trail.find((x) => x.type === "recipient.link.locked")!.data).toMatchObject({ failures: 5, method: "ACCESS_CODE" });
    const all =
      JSON.stringify(trail) +
      JSON.stringify((await call("GET", `${SR}/${id}/audit`, { key })).body) +
      JSON.stringify((await call("GET", `${SR}/${id}`, { key })).body);
    expect(all).not.toContain(ACCESS);
    expect(all).not.toContain(locked.accessCodeHash!);
    expect(all).not.toContain(sess.tokenHash);
  });

  it("a session opens only its own link: not another recipient's, not another request's, not once expired", async () => {
    const one = await sentWith(key, [
      { email: "s1@example.com", name: "S One", authentication: { method: "ACCESS_CODE", accessCode: ACCESS } },
      { email: "s2@example.com", name: "S Two", authentication: { method: "ACCESS_CODE", accessCode: ACCESS } },
    ]);
    const two = await sentWith(key, [
      { email: "s3@example.com", name: "S Three", authentication: { method: "ACCESS_CODE", accessCode: ACCESS } },
    ]);
    const [t1, t2] = one.tokens;
    const [t3] = two.tokens;
    const mine = new Browser();
    expect((await signer(t1, mine).verify({ code: ACCESS })).status).toBe(200);
    const value = mine.cookies.get(sessionCookieName(t1))!;
    expect((await signer(t1, mine).view()).status).toBe(200);

    // the same value under the other links' cookie names (or all at once) opens nothing
    for (const t of [t2, t3]) {
      const thief = new Browser();
      thief.cookies.set(sessionCookieName(t), value);
      thief.cookies.set(sessionCookieName(t1), value);
      const res = await signer(t, thief).view();
      expect(res.status).toBe(401);
      expect(res.body.details?.reason).toBe("AUTHENTICATION_REQUIRED");
      expect((await signer(t, thief).doc()).status).toBe(401);
    }
    // a made-up or malformed cookie neither
    const forged = new Browser();
    forged.cookies.set(sessionCookieName(t1), "A".repeat(43));
    expect((await signer(t1, forged).view()).status).toBe(401);

    // an expired session is no session
    const db = await getDb();
    await db
      .update(signerSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signerSessions.recipientId, one.recipientIds[0]));
    expect((await signer(t1, mine).view()).status).toBe(401);
    // a link with ACCESS_CODE is never mailed a code
    expect((await signer(t1).sendCode()).status).toBe(409);
  });

  it("links without a method work as before, and have no code to give", async () => {
    const {
      tokens: [t],
    } = await sentWith(key, [{ email: "plain@example.com", name: "Plain" }]);
    expect((await signer(t).view()).status).toBe(200);
    expect((await signer(t).state()).body.data).toMatchObject({ method: "NONE", verified: true });
    expect((await signer(t).verify({ code: "1234" })).status).toBe(409);
    expect((await signer(t).sendCode()).status).toBe(409);
  });

  it("an ended request's gated link says what happened, never the title", async () => {
    const {
      id,
      tokens: [t],
    } = await sentWith(key, [
      { email: "end@example.com", name: "End", authentication: { method: "ACCESS_CODE", accessCode: ACCESS } },
    ]);
    expect((await call("POST", `${SR}/${id}/cancel`, { key })).status).toBe(200);
    const r = await signer(t).view();
    expect(r.status).toBe(410);
    expect(r.body.details?.status).toBe("CANCELLED");
    expect(JSON.stringify(r.body)).not.toContain(TITLE);
    const html = await signingPageHtml(t);
    expect(html).toContain("cancelled");
    expect(html).not.toContain(TITLE);
  });
});

describe("signer authentication: EMAIL_CODE", () => {
  const smtpOf = useSmtp();
  let key: string;
  beforeAll(async () => {
    key = (await makeOrg()).sandboxKey;
  });
  const codesTo = (email: string) =>
    smtpOf()
      .mails.filter((m) => m.to.includes(email) && /signing code/.test(m.subject))
      .map((m) => /Your signing code: (\d{6})/.exec(m.text)?.[1]);
  const backdateCodes = async (recipientId: string, seconds: number) => {
    const db = await getDb();
    const rows = await db.select().from(signerCodes).where(eq(signerCodes.recipientId, recipientId));
    for (const c of rows)
      await db
        .update(signerCodes)
        .set({ createdAt: new Date(c.createdAt.getTime() - seconds * 1000) })
        .where(eq(signerCodes.id, c.id));
  };

  it("mails a 6-digit code through the queue; it works once, for 10 minutes; a new code ends the old one", async () => {
    const email = "mailcode@example.com";
    const {
      id,
      recipientIds: [r],
      tokens: [t],
    } = await sentWith(key, [{ email, name: "Mae Mail", authentication: { method: "EMAIL_CODE" } }]);
    const b = new Browser();
    const s = signer(t, b);
    const gate = (await s.view()).body.details?.authentication;
    expect(gate).toMatchObject({ method: "EMAIL_CODE", emailHint: "m•••@example.com", codeSentAt: null, nextCodeAt: null });
    // nothing is mailed until the signer asks (a mail scanner opening the link sends nothing)
    expect(codesTo(email)).toHaveLength(0);
    // a code before any was sent is wrong
    expect((await s.verify({ code: "123456" })).status).toBe(401);

    const askedAt = Date.now();
    const sent = await s.sendCode();
    expect(sent.status).toBe(202);
    expect(sent.body.data).toMatchObject({ sentTo: "m•••@example.com" });
    // Ten minutes from the moment it was sent (bracketed by the moments around the call, not bounded by now).
    expect(new Date(sent.body.data.expiresAt).getTime()).toBeGreaterThanOrEqual(askedAt + CODE_TTL_MS - 1000);
    expect(new Date(sent.body.data.expiresAt).getTime()).toBeLessThanOrEqual(Date.now() + CODE_TTL_MS + 1000);
    // the code goes by mail only: not in the job's payload, not in the database, not in the response
    const db = await getDb();
    const codeRow = firstOf(await db.select().from(signerCodes).where(eq(signerCodes.recipientId, r)), "signer code");
    const job = firstOf(
      (await db.select().from(jobs).where(eq(jobs.type, "signer-code"))).filter((j) => j.payload.codeId === codeRow.id),
      "signer-code job",
    );
    expect(Object.keys(job.payload).sort()).toEqual(["codeId", "recipientId", "requestId"]);
    await runDueJobs();
    const [code1] = codesTo(email);
    expect(code1).toMatch(/^\d{6}$/);
    expect(codeRow.codeHash).not.toContain(code1!);
    const mail = smtpOf().mails.find((m) => m.to.includes(email) && /signing code/.test(m.subject))!;
    expect(mail.subject).not.toContain(code1!);
    expect(mail.text).not.toContain(TITLE); // the mail names no document
    expect(mail.text).toMatch(/10 minutes/);
    const logged = firstOf(
      await db
        .select()
        .from(mailLog)
        .where(and(eq(mailLog.requestId, id), eq(mailLog.kind, "signer-code"))),
      "mail log row",
    );
    expect(logged.subject).not.toContain(code1!);

    // one code per 30 s
    const soon = await s.sendCode();
    expect(soon.status).toBe(429);
    expect(Number(soon.headers.get("retry-after"))).toBeGreaterThan(20);
    expect(soon.body.details?.reason).toBe("CODE_RATE_LIMITED");

    // expired: refused (and counted)
    await db
      .update(signerCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signerCodes.id, codeRow.id));
    const expired = await s.verify({ code: code1 });
    expect(expired.status).toBe(401);
    expect(expired.body.message).toMatch(/expired/);

    // a new code (30 s later); the old one no longer works, the new one does, once
    await backdateCodes(r, 31);
    expect((await s.sendCode()).status).toBe(202);
    await runDueJobs();
    const code2 = codesTo(email).at(-1)!;
    expect(code2).toMatch(/^\d{6}$/);
    if (code2 !== code1) expect((await s.verify({ code: code1 })).status).toBe(401);
    const ok = await s.verify({ code: code2 });
    expect(ok.status).toBe(200);
    expect(ok.body.data.method).toBe("EMAIL_CODE");
    expect((await s.view()).status).toBe(200);
    const reused = await signer(t, new Browser()).verify({ code: code2 });
    expect(reused.status).toBe(401);
    expect(reused.body.message).toMatch(/already used/);

    const signed = await s.sign(await signValues(t, b));
    expect(signed.status).toBe(200);

    const trail = await events(id);
    const types = trail.map((x) => x.type);
    expect(types.filter((x) => x === "recipient.email_code.sent")).toHaveLength(2);
    expect(types.filter((x) => x === "recipient.email_code.failed").length).toBeGreaterThanOrEqual(3);
    expect(types).toContain("recipient.email_code.verified");
    expect(trail.find((x) => x.type === "recipient.email_code.sent")).toMatchObject({
      actor: `recipient:${r}`,
      ip: IP,
      userAgent: UA,
    });
    const api = JSON.stringify((await call("GET", `${SR}/${id}/audit`, { key })).body) + JSON.stringify(trail);
    for (const c of [code1!, code2]) expect(api).not.toMatch(new RegExp(`\\b${c}\\b`));
    const outbox = (await call("GET", "/api/v1/enterprise/outbox", { key })).body.data.items.filter(
      (m: { kind: string }) => m.kind === "signer-code",
    );
    expect(outbox.length).toBe(2);
    expect(outbox.every((m: { hasContent: boolean; subject: string }) => !m.hasContent && !m.subject.includes(code1!))).toBe(
      true,
    );
  });

  it("at most five codes an hour; none while the link is locked; wrong codes lock it as well", async () => {
    const email = "fivecodes@example.com";
    const {
      recipientIds: [r],
      tokens: [t],
    } = await sentWith(key, [{ email, name: "Five", authentication: { method: "EMAIL_CODE" } }]);
    const s = signer(t);
    for (let i = 0; i < 5; i++) {
      expect((await s.sendCode()).status).toBe(202);
      await backdateCodes(r, 31);
    }
    const sixth = await s.sendCode();
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(50 * 60);

    for (let i = 0; i < 4; i++) expect((await s.verify({ code: `00000${i}` })).status).toBe(401);
    expect((await s.verify({ code: "999999" })).status).toBe(429);
    await backdateCodes(r, 2 * 60 * 60); // the hour has passed, but the link is locked
    const whileLocked = await s.sendCode();
    expect(whileLocked.status).toBe(429);
    expect(whileLocked.body.details?.reason).toBe("LOCKED");
    const db = await getDb();
    const locked = (
      await db
        .select()
        .from(auditEvents)
        .where(inArray(auditEvents.type, ["recipient.link.locked"]))
    ).filter((e) => e.actor === `recipient:${r}`);
    expect(locked).toHaveLength(1);
    expect(locked[0]?.data).toMatchObject({ method: "EMAIL_CODE" });
  });
});
