import "server-only";
import { brandOfRow } from "../model/brand";
import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Locale } from "@/lib/i18n/locales";
import type { StartVisit } from "@/lib/schemas/public-links";
import type { KeyAuth } from "../auth/authenticate";
import { recordEvent, systemActor, type Actor } from "../audit/record-event";
import { actorsOf } from "../model/roles";
import { tryTransitionRecipient } from "../model/recipient-state";
import { verifyPassword } from "../auth/password";
import { clock } from "../clock";
import { config } from "../config";
import { getDb, type Queryable, type Tx } from "../db";
import { organizations, publicLinks, publicVisits, recipients } from "../db/schema";
import { oneRow } from "../db/rows";
import { AppError, notFound } from "../errors";
import { enqueue } from "../jobs/queue";
import { rateHeaders, takeNamedToken } from "../limits/rate-limit";
import { sendDraft } from "../requests/send-request";
import { getSecret } from "../secrets";
import { draftFromTemplate } from "../templates/draft-from-template";
import { signerRefOf, type TemplateRoleRow } from "../templates/dto";
import { loadTemplateRoles } from "../templates/template-roles";
import { signingToken } from "../tokens";
import { assertOpen, assertQuota, assertTotalQuota, findLink, type PublicLinkRow } from "./find-link";

// A template's public link, from the visitor's side. Nothing here takes a key: the slug is the link, and
// every answer is about that link only (its template's name, its roles' names). A visitor's request is made
// from the template as a key's would be, in the link's organization and environment, and sent at once, in
// one transaction with the place it takes in the link's quota: the link's row is locked there, so two
// visitors at once cannot pass a quota of one.

/** How long a mailed code is good for, and how many wrong ones end the visit. */
export const VISIT_CODE_TTL_MS = 15 * 60 * 1000;
const MAX_CODE_FAILURES = 5;

interface Who {
  ip: string | null;
  userAgent: string | null;
}

/** Per client address (every link together) and per link; starting (and giving a code) has its own, a fifth as many. */
async function limitVisitor(slug: string, ip: string | null, kind: "view" | "start") {
  const share = kind === "start" ? 5 : 1;
  const buckets = [
    {
      bucket: `public-${kind}-ip:${ip ?? "unknown"}`,
      perMinute: Math.max(1, Math.floor(config.publicLinkRateLimitPerIp / share)),
    },
    { bucket: `public-${kind}-link:${slug}`, perMinute: Math.max(1, Math.floor(config.publicLinkRateLimitPerLink / share)) },
  ];
  for (const b of buckets) {
    const d = await takeNamedToken(b.bucket, b.perMinute);
    if (!d.allowed) {
      const whose = b.bucket.includes("-ip:") ? "from your address" : "for this link";
      throw new AppError(
        "RATE_LIMITED",
        `Too many requests ${whose}: at most ${d.limit} a minute; retry in ${d.resetSeconds} s`,
        {
          headers: rateHeaders(d),
        },
      );
    }
  }
}

interface OpenLink {
  link: PublicLinkRow;
  template: { id: string; name: string };
  organization: { id: string; name: string; plan: string; branding: unknown; logoSha256: string | null };
}

/** The link at this slug (find-link.ts), with its organization: whose name the page shows, whose plan the request is made under. */
async function findOpenLink(db: Queryable, slug: string): Promise<OpenLink> {
  const found = await findLink(db, slug);
  const organization = oneRow(
    await db
      .select({
        id: organizations.id,
        name: organizations.name,
        plan: organizations.plan,
        branding: organizations.branding,
        logoSha256: organizations.logoSha256,
      })
      .from(organizations)
      .where(eq(organizations.id, found.link.orgId)),
    "the link's organization",
  );
  return { ...found, organization };
}

async function assertNotUsedBy(db: Queryable, link: PublicLinkRow, email: string) {
  if (!link.oncePerEmail) return;
  const [row] = await db
    .select({ id: publicVisits.id })
    .from(publicVisits)
    .where(
      and(
        eq(publicVisits.linkId, link.id),
        eq(publicVisits.status, "STARTED"),
        eq(publicVisits.once, true),
        sql`lower(${publicVisits.email}) = ${email.toLowerCase()}`,
      ),
    );
  if (row) {
    throw new AppError("PUBLIC_LINK_ALREADY_USED", "This e-mail address has already started a request from this link", {
      details: { email },
    });
  }
}

/** The template's roles the visitor names people for: every role but theirs and those the link fixes, in order. */
function rolesToName(link: PublicLinkRow, roles: readonly TemplateRoleRow[]) {
  return roles.filter((r) => r.id !== link.roleId && !link.fixedPeople[r.id]);
}

/** GET /api/public/{slug}: what the visitor's page shows; counts a visit. */
export async function viewPublicLink(slug: string, who: Who) {
  await limitVisitor(slug, who.ip, "view");
  const db = await getDb();
  const { link, template, organization } = await findOpenLink(db, slug);
  assertOpen(link);
  await assertTotalQuota(db, link);
  await db
    .update(publicLinks)
    .set({ visits: sql`${publicLinks.visits} + 1` })
    .where(eq(publicLinks.id, link.id));
  const roles = await loadTemplateRoles(db, link.templateId);
  const own = roles.find((r) => r.id === link.roleId);
  const { brand, branded } = brandOfRow(organization);
  return {
    name: link.name,
    title: template.name,
    /** The name the organization shows signers (its brand's, else its own). */
    organization: brand.name,
    /** The organization's brand for the page's frame; null: Signet's own look. */
    brand: branded ? brand : null,
    sandbox: link.environment === "SANDBOX",
    role: own?.name ?? "",
    others: rolesToName(link, roles).map((r) => ({ ref: signerRefOf(r), name: r.name })),
    accessCode: link.accessCodeHash !== null,
    confirmEmail: link.confirmEmail,
  };
}

/** The people of the other roles the visitor must name, from the body's `people` (by sN): 422 for one missing or not asked. */
function namedPeople(link: PublicLinkRow, roles: readonly TemplateRoleRow[], given: StartVisit["people"] = {}) {
  const wanted = rolesToName(link, roles);
  const byRef = new Map(wanted.map((r) => [signerRefOf(r), r]));
  const extra = Object.keys(given).filter((ref) => !byRef.has(ref));
  if (extra.length) {
    throw new AppError("PUBLIC_LINK_ROLE_INVALID", `This link does not ask for ${extra.join(", ")}`, {
      errors: extra.map((ref) => ({ field: `people.${ref}`, message: "This link does not ask for this role's person" })),
    });
  }
  const missing = wanted.filter((r) => !given[signerRefOf(r)]);
  if (missing.length) {
    throw new AppError("PUBLIC_LINK_PERSON_MISSING", `Name the ${missing.map((r) => r.name).join(", ")}`, {
      errors: missing.map((r) => ({ field: `people.${signerRefOf(r)}`, message: `Name the ${r.name}: name and e-mail` })),
      details: { roles: missing.map((r) => ({ ref: signerRefOf(r), name: r.name })) },
    });
  }
  return Object.fromEntries(wanted.map((r) => [r.id, given[signerRefOf(r)]!]));
}

/** The link acting as its creator's key would: the organization and environment it was made in. */
function linkAuth(link: PublicLinkRow, plan: string, who: Who): KeyAuth {
  if (!link.createdByKeyId) throw new Error(`Public link ${link.id} has no key it was made with`);
  return {
    keyId: link.createdByKeyId,
    keyPrefix: "public-link",
    orgId: link.orgId,
    plan,
    environment: link.environment as KeyAuth["environment"],
    rateLimitPerMinute: null,
    ip: who.ip,
    userAgent: who.userAgent,
    kind: "PUBLIC_LINK",
    // What a visitor may do is what the link allows (its template, its role), never more: the key's scopes
    // were checked when the link was made.
    scopes: null,
  };
}

type Visit = typeof publicVisits.$inferSelect;

/**
 * Makes the visitor's request from the template and sends it, with the visit STARTED, in one transaction
 * with the link's row locked: the link is judged again there (revoked, paused, expired meanwhile), then
 * the quota and once-per-address. The visitor takes the link's role; the others are the fixed people and
 * those the visitor named.
 */
async function startRequest(
  open: OpenLink,
  visit: Pick<Visit, "id" | "name" | "email" | "namedPeople" | "locale" | "emailConfirmedAt">,
  who: Who,
  // The template's roles, when the caller has read them already.
  known?: TemplateRoleRow[],
) {
  const { link, template, organization } = open;
  const db = await getDb();
  const roles = known ?? (await loadTemplateRoles(db, link.templateId));
  const people = { ...link.fixedPeople, ...visit.namedPeople, [link.roleId]: { name: visit.name, email: visit.email } };
  const cast = roles.filter((r) => people[r.id]);
  const actor: Actor = {
    actor: `public-link:${link.id}`,
    actorLabel: `${visit.name} <${visit.email}>`,
    ip: who.ip,
    userAgent: who.userAgent,
  };
  const auth = linkAuth(link, organization.plan, who);
  let visitorId: string | undefined;
  let visitorTurn = false;
  await draftFromTemplate(
    auth,
    template.id,
    {
      title: `${template.name} – ${visit.name}`,
      recipients: cast.map((r) => ({
        roleName: signerRefOf(r),
        name: people[r.id]!.name,
        email: people[r.id]!.email,
        ...(r.id === link.roleId && visit.locale ? { locale: visit.locale as Locale } : {}),
      })),
    },
    {
      visitor: {
        actor,
        publicLinkId: link.id,
        origin: {
          publicLink: {
            id: link.id,
            name: link.name,
            visitor: { name: visit.name, email: visit.email, emailConfirmed: visit.emailConfirmedAt !== null },
          },
        },
      },
      inTransaction: async (tx: Tx, draft) => {
        // NO KEY UPDATE, not UPDATE: the new request's foreign key to the link holds a KEY SHARE lock on its
        // row already, in every transaction making one; two that then asked for UPDATE would wait on each other.
        const [locked] = await tx.select().from(publicLinks).where(eq(publicLinks.id, link.id)).for("no key update");
        if (!locked) throw notFound("PUBLIC_LINK_NOT_FOUND", "Public link");
        assertOpen(locked);
        await assertQuota(tx, locked);
        await assertNotUsedBy(tx, locked, visit.email);
        const values = { status: "STARTED", once: locked.oncePerEmail, requestId: draft.id };
        const [had] = await tx
          .select({ status: publicVisits.status })
          .from(publicVisits)
          .where(eq(publicVisits.id, visit.id))
          .for("update");
        // The same code given twice at once: one request.
        if (had?.status === "STARTED") throw visitEnded("This visit has already started its request");
        if (had) await tx.update(publicVisits).set(values).where(eq(publicVisits.id, visit.id));
        else
          await tx.insert(publicVisits).values({
            id: visit.id,
            linkId: link.id,
            name: visit.name,
            email: visit.email,
            namedPeople: visit.namedPeople,
            locale: visit.locale,
            emailConfirmedAt: visit.emailConfirmedAt,
            ip: who.ip,
            ...values,
          });
        await sendDraft(tx, auth, draft.id, actor);
        // The visitor's recipient: the one in the link's role (the recipient.added event names its role).
        const recs = await tx.select().from(recipients).where(eq(recipients.requestId, draft.id));
        const role = roles.find((r) => r.id === link.roleId)!;
        const mine = recs.find(
          (r) => r.email.toLowerCase() === visit.email.toLowerCase() && r.name === visit.name && r.order === role.signingOrder,
        );
        visitorId = mine?.id;
        // The visitor's turn is now when they are in the first group: it starts here (their invitation
        // is still mailed, the link to come back with), so the page they are sent to takes their signature.
        const first = Math.min(...actorsOf(recs).map((r) => r.order));
        if (mine && actorsOf([mine]).length && mine.order === first) {
          await tryTransitionRecipient(tx, mine.id, "SENT", { from: ["PENDING"], set: { sentAt: new Date() } });
          await recordEvent(tx, draft.id, "recipient.invited", systemActor, {
            recipientId: mine.id,
            email: mine.email,
            via: "public_link",
          });
          visitorTurn = true;
        }
      },
    },
  );
  const signingUrl = visitorId && visitorTurn ? `${config.publicBaseUrl}/sign/${await signingToken(db, visitorId)}` : null;
  return { visitId: visit.id, status: "STARTED" as const, signingUrl };
}

/**
 * POST /api/public/{slug}/visits: the access code (when the link has one) is checked first; then, when the
 * link confirms addresses, a code is mailed (the visit waits, CONFIRMING, holding no place in the quota);
 * else the request is made and sent.
 */
export async function startVisit(slug: string, input: StartVisit, who: Who) {
  await limitVisitor(slug, who.ip, "start");
  const db = await getDb();
  const open = await findOpenLink(db, slug);
  const { link } = open;
  assertOpen(link);
  if (link.accessCodeHash && !(await verifyPassword((input.accessCode ?? "").trim(), link.accessCodeHash))) {
    throw new AppError("PUBLIC_LINK_CODE_WRONG", "The access code is wrong", {
      errors: [{ field: "accessCode", message: "The access code is wrong" }],
      details: { reason: "WRONG_ACCESS_CODE" },
    });
  }
  const roles = await loadTemplateRoles(db, link.templateId);
  const named = namedPeople(link, roles, input.people);
  // Said before a code is mailed; judged again, with the link locked, when the request is made.
  await assertQuota(db, link);
  await assertNotUsedBy(db, link, input.email);
  const visit = {
    id: crypto.randomUUID(),
    name: input.name,
    email: input.email,
    namedPeople: named,
    locale: input.locale ?? null,
    emailConfirmedAt: null,
  };
  if (!link.confirmEmail) return { status: 201, data: await startRequest(open, visit, who, roles) };
  await db.transaction(async (tx) => {
    await tx.insert(publicVisits).values({
      ...visit,
      linkId: link.id,
      status: "CONFIRMING",
      codeExpiresAt: new Date(clock.now().getTime() + VISIT_CODE_TTL_MS),
      ip: who.ip,
    });
    await enqueue(tx, "visitor-code", { visitId: visit.id });
  });
  return { status: 202, data: { visitId: visit.id, status: "CONFIRMING" as const, signingUrl: null } };
}

/** The code mailed for a visit: derived from its id with a server secret (never stored, never in a job's payload). */
export async function visitCodeOf(db: Queryable, visitId: string): Promise<string> {
  const secret = await getSecret(db, "signer-code");
  const mac = crypto.createHmac("sha256", secret).update(`visit-code:${visitId}`).digest();
  return String(mac.readUIntBE(0, 6) % 1_000_000).padStart(6, "0");
}

const visitEnded = (why: string) => new AppError("PUBLIC_VISIT_ENDED", `${why}: start again`, { details: { reason: why } });

/** POST /api/public/{slug}/visits/{visitId}/confirm: the mailed code; right, the request is made and sent. */
export async function confirmVisit(slug: string, visitId: string, code: string, who: Who) {
  await limitVisitor(slug, who.ip, "start");
  const db = await getDb();
  const open = await findOpenLink(db, slug);
  assertOpen(open.link);
  if (!/^[0-9a-f-]{36}$/i.test(visitId)) throw notFound("PUBLIC_LINK_NOT_FOUND", "Visit");
  const expected = await visitCodeOf(db, visitId);
  const right = crypto.timingSafeEqual(Buffer.from(code.padEnd(6).slice(0, 6)), Buffer.from(expected));
  const visit = await db.transaction(async (tx) => {
    const [v] = await tx
      .select()
      .from(publicVisits)
      .where(and(eq(publicVisits.id, visitId), eq(publicVisits.linkId, open.link.id)))
      .for("update");
    if (!v) throw notFound("PUBLIC_LINK_NOT_FOUND", "Visit");
    if (v.status === "STARTED") throw visitEnded("This visit has already started its request");
    if (v.codeFailures >= MAX_CODE_FAILURES) throw visitEnded("The code was mistyped too often");
    if (!v.codeExpiresAt || v.codeExpiresAt.getTime() <= clock.now().getTime()) throw visitEnded("The code has expired");
    if (!right) {
      const failures = v.codeFailures + 1;
      await tx.update(publicVisits).set({ codeFailures: failures }).where(eq(publicVisits.id, v.id));
      return { wrong: MAX_CODE_FAILURES - failures };
    }
    const [confirmed] = await tx
      .update(publicVisits)
      .set({ emailConfirmedAt: sql`date_trunc('milliseconds', now())` })
      .where(eq(publicVisits.id, v.id))
      .returning();
    return { confirmed: confirmed! };
  });
  if ("wrong" in visit) {
    throw new AppError("PUBLIC_LINK_CODE_WRONG", "The code is wrong", {
      errors: [{ field: "code", message: "The code is wrong" }],
      details: { reason: "WRONG_CODE", attemptsLeft: visit.wrong },
    });
  }
  return startRequest(open, visit.confirmed, who);
}

/**
 * The sweep's share (lib/server/worker): visits whose code expired a day ago and never started anything,
 * and started visits whose request is gone (a sandbox purge, a deleted request): their names and addresses
 * are kept no longer than what they started. A place they held in a quota is free again.
 */
export async function dropStaleVisits(): Promise<number> {
  const db = await getDb();
  const gone = await db
    .delete(publicVisits)
    .where(
      sql`(${publicVisits.status} = 'CONFIRMING' and ${publicVisits.codeExpiresAt} < now() - interval '1 day')
        or (${publicVisits.status} = 'STARTED' and ${publicVisits.requestId} is null)`,
    )
    .returning({ id: publicVisits.id });
  return gone.length;
}
