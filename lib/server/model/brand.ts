import "server-only";
import { eq } from "drizzle-orm";
import { zBranding, type Brand, type Branding } from "@/lib/schemas/branding";
import type { Queryable } from "../db";
import { organizations } from "../db/schema";
import { config } from "../config";

/**
 * An organization's brand as signers meet it, read from its row: the name (the display name, else the
 * organization's), the accent, the logo's public address, footer and support address; and the base of the
 * signing links mailed for it (https://{linkHost}, else PUBLIC_BASE_URL).
 */
export interface OrgBrand {
  brand: Brand;
  /** Set by the organization (anything of its own): false means Signet's own look. */
  branded: boolean;
  linkBase: string;
}

/** The logo's address: by the organization and the logo's hash, so a new logo is a new address (cached for good). */
export const logoUrlOf = (orgId: string, sha256: string) =>
  `${config.publicBaseUrl}/api/branding/${orgId}/logo/${sha256.slice(0, 16)}`;

export function brandOfRow(row: { id: string; name: string; branding: unknown; logoSha256: string | null }): OrgBrand {
  const parsed = zBranding.safeParse(row.branding ?? {});
  const b: Branding = parsed.success ? parsed.data : zBranding.parse({});
  const logoUrl = row.logoSha256 ? logoUrlOf(row.id, row.logoSha256) : null;
  return {
    brand: {
      name: b.displayName || row.name,
      accent: b.accentColor,
      logoUrl,
      footer: b.footer,
      supportEmail: b.supportEmail,
    },
    branded: !!(b.displayName || b.accentColor || logoUrl || b.footer || b.supportEmail),
    linkBase: b.linkHost ? `https://${b.linkHost}` : config.publicBaseUrl,
  };
}

export async function brandOf(db: Queryable, orgId: string): Promise<OrgBrand> {
  const [row] = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      branding: organizations.branding,
      logoSha256: organizations.logoSha256,
    })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  return row
    ? brandOfRow(row)
    : {
        brand: { name: "Signet", accent: null, logoUrl: null, footer: null, supportEmail: null },
        branded: false,
        linkBase: config.publicBaseUrl,
      };
}
