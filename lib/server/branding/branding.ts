import "server-only";
import { rateHeaders, takeNamedToken } from "../limits/rate-limit";
import { and, eq } from "drizzle-orm";
import { LOGO_MAX_BYTES, zBranding, type BrandingDto } from "@/lib/schemas/branding";
import { readImageHeader } from "@/lib/pdf/image-header";
import { getDb } from "../db";
import { organizations } from "../db/schema";
import { oneRow } from "../db/rows";
import { AppError, validationError } from "../errors";
import { blobs } from "../blobs/store";
import { isUuid } from "../auth/scope";
import { log } from "../log";
import { actingAdmin } from "../staff/acting-admin";
import type { StaffIdentity } from "../staff/sessions";
import { logoUrlOf } from "../model/brand";

/**
 * An organization's brand, as its admins set it at /settings/branding: the name signers see, the accent
 * colour (refused below WCAG AA contrast), the logo, a footer, a support address and the host of mailed
 * signing links. The certificate keeps its neutral layout.
 */
type OrgRow = typeof organizations.$inferSelect;

function toDto(org: OrgRow): BrandingDto {
  const parsed = zBranding.safeParse(org.branding ?? {});
  return {
    ...(parsed.success ? parsed.data : zBranding.parse({})),
    organizationName: org.name,
    logoUrl: org.logoSha256 ? logoUrlOf(org.id, org.logoSha256) : null,
  };
}

async function orgOf(orgId: string): Promise<OrgRow> {
  const db = await getDb();
  return oneRow(await db.select().from(organizations).where(eq(organizations.id, orgId)), "the organization");
}

export async function getBranding(actor: StaffIdentity): Promise<BrandingDto> {
  const admin = await actingAdmin(await getDb(), actor);
  return toDto(await orgOf(admin.orgId));
}

/** Replaces the brand's settings (the logo apart); a colour below 4.5:1 against white is refused with its ratio. */
export async function saveBranding(actor: StaffIdentity, body: unknown): Promise<BrandingDto> {
  const parsed = zBranding.safeParse(body);
  if (!parsed.success) throw validationError(parsed.error, "branding");
  const db = await getDb();
  const admin = await actingAdmin(db, actor);
  const org = oneRow(
    await db.update(organizations).set({ branding: parsed.data }).where(eq(organizations.id, admin.orgId)).returning(),
    "the organization",
  );
  log().info({ org: org.id, by: admin.id }, "branding saved");
  return toDto(org);
}

/** Sets the logo: a PNG or JPEG of at most 256 KB and 2000 x 2000 pixels, judged by its bytes (never its name). */
export async function setLogo(actor: StaffIdentity, bytes: Uint8Array): Promise<BrandingDto> {
  if (bytes.byteLength > LOGO_MAX_BYTES)
    throw new AppError("VALIDATION_FAILED", `The logo is larger than ${LOGO_MAX_BYTES / 1024} KB`, {
      errors: [{ field: "logo", message: `The logo must be at most ${LOGO_MAX_BYTES / 1024} KB` }],
    });
  let type: "image/png" | "image/jpeg";
  try {
    const info = readImageHeader(bytes);
    if (info.width > 2000 || info.height > 2000) throw new Error(`${info.width} x ${info.height} pixels`);
    type = info.format === "png" ? "image/png" : "image/jpeg";
  } catch (e) {
    throw new AppError(
      "VALIDATION_FAILED",
      `The logo must be a PNG or JPEG of at most 2000 x 2000 pixels (${(e as Error).message})`,
      {
        errors: [{ field: "logo", message: "The logo must be a PNG or JPEG of at most 2000 x 2000 pixels" }],
      },
    );
  }
  const db = await getDb();
  const admin = await actingAdmin(db, actor);
  const { sha256 } = await blobs().put(bytes);
  const org = oneRow(
    await db
      .update(organizations)
      .set({ logoSha256: sha256, logoType: type })
      .where(eq(organizations.id, admin.orgId))
      .returning(),
    "the organization",
  );
  log().info({ org: org.id, by: admin.id, sha256 }, "branding logo set");
  return toDto(org);
}

export async function removeLogo(actor: StaffIdentity): Promise<BrandingDto> {
  const db = await getDb();
  const admin = await actingAdmin(db, actor);
  const org = oneRow(
    await db.update(organizations).set({ logoSha256: null, logoType: null }).where(eq(organizations.id, admin.orgId)).returning(),
    "the organization",
  );
  return toDto(org);
}

/**
 * Each address may fetch this many logos a minute. A signer's page and a mail client fetch one once (the address
 * is cached for good); a mail provider's image proxy fetches it for all its users, so the limit is generous.
 */
export const LOGO_FETCHES_PER_MINUTE = 300;

export type ServedLogo =
  { status: 200; bytes: Uint8Array; type: string } | { status: 404 } | { status: 429; headers: Record<string, string> };

/** The logo route's answer for a client address: limited per address before anything is read. */
export async function servedLogo(orgId: string, shaPrefix: string, ip: string | null): Promise<ServedLogo> {
  const d = await takeNamedToken(`logo-ip:${ip ?? "unknown"}`, LOGO_FETCHES_PER_MINUTE);
  if (!d.allowed) return { status: 429, headers: rateHeaders(d) };
  const logo = await logoFile(orgId, shaPrefix);
  return logo ? { status: 200, ...logo } : { status: 404 };
}

/** The logo a public page or a mail shows: the organization's current one, named by the start of its hash. */
export async function logoFile(orgId: string, shaPrefix: string): Promise<{ bytes: Uint8Array; type: string } | null> {
  if (!isUuid(orgId) || !/^[0-9a-f]{16}$/.test(shaPrefix)) return null;
  const db = await getDb();
  const [org] = await db
    .select({ sha: organizations.logoSha256, type: organizations.logoType })
    .from(organizations)
    .where(and(eq(organizations.id, orgId)));
  if (!org?.sha || !org.type || !org.sha.startsWith(shaPrefix)) return null;
  return { bytes: await blobs().get(org.sha), type: org.type };
}
