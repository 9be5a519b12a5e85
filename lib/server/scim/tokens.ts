import "server-only";
import crypto from "node:crypto";
import { and, asc, eq, isNull, lt, or, sql } from "drizzle-orm";
import { z } from "zod";
import { getDb, type Queryable } from "../db";
import { scimTokens } from "../db/schema";
import { oneRow } from "../db/rows";
import { AppError, notFound, validationError } from "../errors";
import { isUuid } from "../auth/scope";
import { hashToken } from "../tokens";
import { getSetting, putSetting } from "../secrets";
import { log } from "../log";
import { actingAdmin } from "../staff/acting-admin";
import type { StaffIdentity } from "../staff/sessions";
import type { ScimSettings, ScimTokenDto } from "@/lib/schemas/scim";

/**
 * The bearer tokens an organization's identity provider provisions staff with (SCIM 2.0), and the
 * organization's SCIM settings. A token is shown once when made, stored as its SHA-256, and names its
 * organization: everything a SCIM client does is within it.
 */
const PREFIX = "scim_";
const settingsKey = (orgId: string) => `scim-settings:${orgId}`;

const zName = z
  .string({ error: "name is required" })
  .trim()
  .min(1, { error: "name is required" })
  .max(80, { error: "name must be at most 80 characters" });

const toDto = (r: typeof scimTokens.$inferSelect): ScimTokenDto => ({
  id: r.id,
  name: r.name,
  prefix: r.prefix,
  createdAt: r.createdAt.toISOString(),
  lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
  revokedAt: r.revokedAt?.toISOString() ?? null,
});

/** The organization's tokens (revoked ones too, so an admin sees what was used) and its settings. */
export async function listScim(actor: StaffIdentity): Promise<{ tokens: ScimTokenDto[]; settings: ScimSettings }> {
  const db = await getDb();
  const admin = await actingAdmin(db, actor);
  const rows = await db.select().from(scimTokens).where(eq(scimTokens.orgId, admin.orgId)).orderBy(asc(scimTokens.createdAt));
  return { tokens: rows.map(toDto), settings: await scimSettings(db, admin.orgId) };
}

/** A new token: its value is in the answer, once; at most 10 live tokens per organization. */
export async function makeScimToken(actor: StaffIdentity, name: unknown): Promise<{ token: string; dto: ScimTokenDto }> {
  const parsed = zName.safeParse(name);
  if (!parsed.success) throw validationError(parsed.error, "name");
  const db = await getDb();
  return db.transaction(async (tx) => {
    const admin = await actingAdmin(tx, actor);
    const live = await tx
      .select({ id: scimTokens.id })
      .from(scimTokens)
      .where(and(eq(scimTokens.orgId, admin.orgId), isNull(scimTokens.revokedAt)));
    if (live.length >= 10) throw new AppError("SCIM_TOKEN_LIMIT", "An organization has at most 10 SCIM tokens: revoke one first");
    const token = `${PREFIX}${crypto.randomBytes(32).toString("base64url")}`;
    const row = oneRow(
      await tx
        .insert(scimTokens)
        .values({
          orgId: admin.orgId,
          name: parsed.data,
          tokenHash: hashToken(token),
          prefix: token.slice(0, 12),
          createdBy: admin.id,
        })
        .returning(),
      "the new SCIM token",
    );
    log().info({ scimToken: row.id, by: admin.id }, "scim token made");
    return { token, dto: toDto(row) };
  });
}

/** Revokes a token at once: the next call with it is refused. */
export async function revokeScimToken(actor: StaffIdentity, id: string): Promise<void> {
  const db = await getDb();
  const admin = await actingAdmin(db, actor);
  const done = isUuid(id)
    ? await db
        .update(scimTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(scimTokens.id, id), eq(scimTokens.orgId, admin.orgId), isNull(scimTokens.revokedAt)))
        .returning({ id: scimTokens.id })
    : [];
  if (!done.length) throw notFound("SCIM_TOKEN_NOT_FOUND", "SCIM token");
  log().info({ scimToken: id, by: admin.id }, "scim token revoked");
}

const zSettings = z
  .object({
    adminGroups: z.array(z.string().trim().min(1).max(200)).max(50, { error: "adminGroups: at most 50" }).default([]),
  })
  .strict();

export async function scimSettings(db: Queryable, orgId: string): Promise<ScimSettings> {
  return zSettings.parse((await getSetting<ScimSettings>(db, settingsKey(orgId))) ?? {});
}

/** Which provisioned groups make their members admins (by display name); none: roles are left to the team page. */
export async function saveScimSettings(actor: StaffIdentity, body: unknown): Promise<ScimSettings> {
  const parsed = zSettings.safeParse(body);
  if (!parsed.success) throw validationError(parsed.error, "settings");
  const db = await getDb();
  const admin = await actingAdmin(db, actor);
  await putSetting(db, settingsKey(admin.orgId), parsed.data);
  return parsed.data;
}

/**
 * The organization a SCIM request's `Authorization: Bearer …` names, or null (no such token, revoked). The
 * token's last use is kept to the minute.
 */
export async function orgOfScimToken(authorization: string | null): Promise<{ orgId: string; tokenId: string } | null> {
  const m = /^Bearer\s+(\S{1,200})$/i.exec(authorization ?? "");
  if (!m || !m[1]!.startsWith(PREFIX)) return null;
  const db = await getDb();
  const [row] = await db
    .select({ id: scimTokens.id, orgId: scimTokens.orgId })
    .from(scimTokens)
    .where(and(eq(scimTokens.tokenHash, hashToken(m[1]!)), isNull(scimTokens.revokedAt)));
  if (!row) return null;
  await db
    .update(scimTokens)
    .set({ lastUsedAt: new Date() })
    .where(
      and(
        eq(scimTokens.id, row.id),
        or(isNull(scimTokens.lastUsedAt), lt(scimTokens.lastUsedAt, sql`now() - interval '1 minute'`)),
      ),
    );
  return { orgId: row.orgId, tokenId: row.id };
}
