import "server-only";
import { refuseSendingWithoutApproval } from "../auth/send-approval";
import crypto from "node:crypto";
import { and, count, desc, eq, gte, inArray, sql } from "drizzle-orm";
import QRCode from "qrcode";
import type { CreatePublicLink, PublicLinkDto, UpdatePublicLink } from "@/lib/schemas/public-links";
import type { KeyAuth } from "../auth/authenticate";
import { isUuid } from "../auth/scope";
import { keyActor } from "../audit/record-event";
import { hashPassword } from "../auth/password";
import { clock } from "../clock";
import { config } from "../config";
import { getDb, type Queryable } from "../db";
import { together } from "../db/together";
import { publicLinks, publicVisits, signatureRequests } from "../db/schema";
import { oneRow } from "../db/rows";
import { AppError, notFound, type FieldError } from "../errors";
import { log } from "../log";
import { findVisibleTemplate } from "../templates/find-template";
import { findRole, loadTemplateRoles } from "../templates/template-roles";
import { signerRefOf, type TemplateRoleRow } from "../templates/dto";
import { utcDay, type PublicLinkRow } from "./find-link";

const SLUG_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
/** 16 base62 characters drawn without bias: about 95 bits, short enough for a QR code of few modules. */
export function newSlug(): string {
  let out = "";
  while (out.length < 16) {
    for (const b of crypto.randomBytes(24)) {
      // 62 × 4 = 248: bytes from 248 up would favour the first characters.
      if (b < 248 && out.length < 16) out += SLUG_ALPHABET[b % 62];
    }
  }
  return out;
}

export const publicLinkUrl = (slug: string) => `${config.publicBaseUrl}/p/${slug}`;

/** A template's link that this key may see; another organization's or environment's, or a link of another template: 404. */
export async function findVisibleLink(db: Queryable, auth: KeyAuth, templateId: string, linkId: string, forUpdate = false) {
  const tpl = await findVisibleTemplate(db, auth, templateId);
  if (!isUuid(linkId)) throw notFound("PUBLIC_LINK_NOT_FOUND", "Public link");
  const q = db
    .select()
    .from(publicLinks)
    .where(and(eq(publicLinks.id, linkId), eq(publicLinks.templateId, tpl.id)));
  const [row] = forUpdate ? await q.for("update") : await q;
  if (!row) throw notFound("PUBLIC_LINK_NOT_FOUND", "Public link");
  return { tpl, link: row };
}

interface Counts {
  started: number;
  startedToday: number;
  completed: number;
}

async function countsOf(db: Queryable, ids: string[]): Promise<Map<string, Counts>> {
  const out = new Map<string, Counts>(ids.map((id) => [id, { started: 0, startedToday: 0, completed: 0 }]));
  if (!ids.length) return out;
  const { start } = utcDay(clock.now());
  const [started, today, completed] = await together(
    db,
    () =>
      db
        .select({ id: publicVisits.linkId, n: count() })
        .from(publicVisits)
        .where(and(inArray(publicVisits.linkId, ids), eq(publicVisits.status, "STARTED")))
        .groupBy(publicVisits.linkId),
    () =>
      db
        .select({ id: publicVisits.linkId, n: count() })
        .from(publicVisits)
        .where(and(inArray(publicVisits.linkId, ids), eq(publicVisits.status, "STARTED"), gte(publicVisits.createdAt, start)))
        .groupBy(publicVisits.linkId),
    () =>
      db
        .select({ id: signatureRequests.publicLinkId, n: count() })
        .from(signatureRequests)
        .where(and(inArray(signatureRequests.publicLinkId, ids), eq(signatureRequests.status, "COMPLETED")))
        .groupBy(signatureRequests.publicLinkId),
  );
  for (const r of started) out.get(r.id)!.started = r.n;
  for (const r of today) out.get(r.id)!.startedToday = r.n;
  for (const r of completed) if (r.id) out.get(r.id)!.completed = r.n;
  return out;
}

function toDto(link: PublicLinkRow, roles: readonly TemplateRoleRow[], counts: Counts): PublicLinkDto {
  const base = `${config.publicBaseUrl}/api/v1/enterprise/templates/${link.templateId}/public-links/${link.id}/qr`;
  const roleDto = (r: TemplateRoleRow) => ({ id: r.id, name: r.name, signerRef: signerRefOf(r) });
  const own = roles.find((r) => r.id === link.roleId);
  if (!own) throw new Error(`Public link ${link.id} names role ${link.roleId}, which its template does not have`);
  return {
    id: link.id,
    templateId: link.templateId,
    name: link.name,
    slug: link.slug,
    url: publicLinkUrl(link.slug),
    qr: { png: `${base}?format=png`, svg: `${base}?format=svg` },
    status: link.status,
    role: roleDto(own),
    people: roles.filter((r) => r.id !== link.roleId).map((r) => ({ ...roleDto(r), fixed: link.fixedPeople[r.id] ?? null })),
    accessCode: link.accessCodeHash !== null,
    expiresAt: link.expiresAt?.toISOString() ?? null,
    quota: { total: link.quotaTotal, perDay: link.quotaPerDay },
    oncePerEmail: link.oncePerEmail,
    confirmEmail: link.confirmEmail,
    counts: { visits: link.visits, ...counts },
    createdAt: link.createdAt.toISOString(),
    updatedAt: link.updatedAt.toISOString(),
    revokedAt: link.revokedAt?.toISOString() ?? null,
  };
}

async function linkDto(db: Queryable, link: PublicLinkRow): Promise<PublicLinkDto> {
  const roles = await loadTemplateRoles(db, link.templateId);
  return toDto(link, roles, (await countsOf(db, [link.id])).get(link.id)!);
}

/**
 * The role the visitor takes and the people fixed for the others, judged against the template's roles as
 * they are: a role the template does not have, one named twice, or the visitor's own among the fixed
 * people is refused (422 PUBLIC_LINK_ROLE_INVALID, each named in `errors`).
 */
function judgeRoles(
  roles: readonly TemplateRoleRow[],
  roleRef: string | undefined,
  people: Record<string, { name: string; email: string }> | undefined,
  current?: { roleId: string; fixedPeople: Record<string, { name: string; email: string }> },
) {
  const errors: FieldError[] = [];
  const byRef = (ref: string) => findRole(roles, ref) ?? roles.find((r) => r.id === ref);
  let role: TemplateRoleRow | undefined;
  if (roleRef !== undefined) {
    role = byRef(roleRef);
    if (!role) errors.push({ field: "role", message: `The template has no role "${roleRef}"` });
  } else role = current ? roles.find((r) => r.id === current.roleId) : roles[0];
  if (!role && roleRef === undefined) {
    throw new AppError("PUBLIC_LINK_ROLE_INVALID", "The template has no role for a visitor to take: add one first", {
      errors: [{ field: "role", message: "The template has no role" }],
    });
  }
  let fixed: Record<string, { name: string; email: string }> = current?.fixedPeople ?? {};
  if (people !== undefined) {
    fixed = {};
    for (const [ref, person] of Object.entries(people)) {
      const r = byRef(ref);
      if (!r) errors.push({ field: `people.${ref}`, message: `The template has no role "${ref}"` });
      else if (r.id === role?.id) errors.push({ field: `people.${ref}`, message: `${r.name} is the role the visitor takes` });
      else if (fixed[r.id]) errors.push({ field: `people.${ref}`, message: `${r.name} is named twice` });
      else fixed[r.id] = { name: person.name, email: person.email };
    }
  }
  // The visitor's role, newly chosen, leaves the people given for it before.
  if (role) delete fixed[role.id];
  // A link names one person per role: a signing group's role (several people) cannot be filled from it.
  for (const g of roles.filter((r) => r.groupRequired))
    errors.push({
      field: g.id === role?.id ? "role" : `people.${g.name}`,
      message: `${g.name} is a signing group: a public link names one person per role, so a template with a group role has no link`,
    });
  if (errors.length || !role) {
    throw new AppError("PUBLIC_LINK_ROLE_INVALID", errors.map((e) => e.message).join("; "), { errors });
  }
  return { role, fixed };
}

function judgeExpiry(expiresAt: string | null | undefined): Date | null | undefined {
  if (expiresAt === undefined || expiresAt === null) return expiresAt;
  const at = new Date(expiresAt);
  if (at.getTime() <= clock.now().getTime()) {
    const message = "expiresAt must be in the future";
    throw new AppError("VALIDATION_FAILED", message, { errors: [{ field: "expiresAt", message }] });
  }
  return at;
}

/** POST /templates/{id}/public-links. */
export async function createPublicLink(auth: KeyAuth, templateId: string, input: CreatePublicLink = {}) {
  refuseSendingWithoutApproval(auth, "a public link");
  const expiresAt = judgeExpiry(input.expiresAt);
  const accessCodeHash = input.accessCode ? await hashPassword(input.accessCode) : null;
  const db = await getDb();
  return db.transaction(async (tx) => {
    const tpl = await findVisibleTemplate(tx, auth, templateId, { forUpdate: true });
    const roles = await loadTemplateRoles(tx, tpl.id);
    const { role, fixed } = judgeRoles(roles, input.role, input.people);
    const link = oneRow(
      await tx
        .insert(publicLinks)
        .values({
          templateId: tpl.id,
          orgId: tpl.orgId,
          environment: tpl.environment,
          slug: newSlug(),
          name: input.name ?? tpl.name,
          roleId: role.id,
          fixedPeople: fixed,
          accessCodeHash,
          expiresAt: expiresAt ?? null,
          quotaTotal: input.quota?.total ?? null,
          quotaPerDay: input.quota?.perDay ?? null,
          oncePerEmail: input.oncePerEmail ?? false,
          confirmEmail: input.confirmEmail ?? false,
          createdByKeyId: auth.keyId,
        })
        .returning(),
      "the new public link",
    );
    log().info({ templateId: tpl.id, linkId: link.id, by: keyActor(auth).actor }, "public link created");
    return toDto(link, roles, { started: 0, startedToday: 0, completed: 0 });
  });
}

/** GET /templates/{id}/public-links: newest first, revoked ones included. */
export async function listPublicLinks(auth: KeyAuth, templateId: string) {
  const db = await getDb();
  const tpl = await findVisibleTemplate(db, auth, templateId);
  const [rows, roles] = await Promise.all([
    db.select().from(publicLinks).where(eq(publicLinks.templateId, tpl.id)).orderBy(desc(publicLinks.createdAt)),
    loadTemplateRoles(db, tpl.id),
  ]);
  const counts = await countsOf(
    db,
    rows.map((r) => r.id),
  );
  return { items: rows.map((r) => toDto(r, roles, counts.get(r.id)!)) };
}

export async function getPublicLink(auth: KeyAuth, templateId: string, linkId: string) {
  const db = await getDb();
  const { link } = await findVisibleLink(db, auth, templateId, linkId);
  return linkDto(db, link);
}

const revokedError = () =>
  new AppError("PUBLIC_LINK_REVOKED", "The public link was revoked: it changes no more (make a new one)", {
    details: { status: "REVOKED" },
  });

/** PATCH /templates/{id}/public-links/{linkId}: settings, pause and resume. A revoked link: 409. */
export async function updatePublicLink(auth: KeyAuth, templateId: string, linkId: string, input: UpdatePublicLink) {
  refuseSendingWithoutApproval(auth, "a public link");
  const expiresAt = judgeExpiry(input.expiresAt);
  const accessCodeHash =
    input.accessCode === undefined ? undefined : input.accessCode === null ? null : await hashPassword(input.accessCode);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const { link } = await findVisibleLink(tx, auth, templateId, linkId, true);
    if (link.status === "REVOKED") throw revokedError();
    const roles = await loadTemplateRoles(tx, link.templateId);
    const { role, fixed } = judgeRoles(roles, input.role, input.people, link);
    const [updated] = await tx
      .update(publicLinks)
      .set({
        ...(input.name !== undefined && { name: input.name }),
        roleId: role.id,
        fixedPeople: fixed,
        ...(accessCodeHash !== undefined && { accessCodeHash }),
        ...(expiresAt !== undefined && { expiresAt }),
        ...(input.quota?.total !== undefined && { quotaTotal: input.quota.total }),
        ...(input.quota?.perDay !== undefined && { quotaPerDay: input.quota.perDay }),
        ...(input.oncePerEmail !== undefined && { oncePerEmail: input.oncePerEmail }),
        ...(input.confirmEmail !== undefined && { confirmEmail: input.confirmEmail }),
        ...(input.status !== undefined && { status: input.status }),
        updatedAt: sql`date_trunc('milliseconds', now())`,
      })
      .where(eq(publicLinks.id, link.id))
      .returning();
    return linkDto(tx, updated!);
  });
}

/** DELETE /templates/{id}/public-links/{linkId}: revoked for good (again: the same answer). */
export async function revokePublicLink(auth: KeyAuth, templateId: string, linkId: string) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const { link } = await findVisibleLink(tx, auth, templateId, linkId, true);
    if (link.status === "REVOKED") return linkDto(tx, link);
    const [updated] = await tx
      .update(publicLinks)
      .set({
        status: "REVOKED",
        revokedAt: sql`date_trunc('milliseconds', now())`,
        updatedAt: sql`date_trunc('milliseconds', now())`,
      })
      .where(eq(publicLinks.id, link.id))
      .returning();
    return linkDto(tx, updated!);
  });
}

/** GET …/qr: the link's URL as a QR code (error correction M, a quiet zone of 4 modules). */
export async function publicLinkQr(auth: KeyAuth, templateId: string, linkId: string, format: "png" | "svg") {
  const db = await getDb();
  const { link } = await findVisibleLink(db, auth, templateId, linkId);
  const url = publicLinkUrl(link.slug);
  const options = { errorCorrectionLevel: "M" as const, margin: 4 };
  if (format === "svg") {
    return { bytes: Buffer.from(await QRCode.toString(url, { ...options, type: "svg" }), "utf8"), type: "image/svg+xml" };
  }
  return { bytes: await QRCode.toBuffer(url, { ...options, type: "png", width: 1024 }), type: "image/png" };
}
