import { z } from "zod";

/**
 * An organization's brand, as signers meet it: the name shown to them, an accent colour (buttons and links
 * of the signing page, the button of every mail), a logo, a footer and a support address, and the host its
 * signing links are mailed on. Pure: the dashboard's preview checks what the server checks.
 */

/** sRGB relative luminance (WCAG 2.x). */
function luminance(hex: string): number {
  const n = parseInt(hex.slice(1), 16);
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

/** The contrast ratio of two #rrggbb colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * WCAG AA for normal text: 4.5:1. The accent is the background of white button text and the colour of
 * links on the white page, so it must reach 4.5:1 against white for both.
 */
export const AA_CONTRAST = 4.5;

export const zAccentColor = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^#[0-9a-f]{6}$/, { error: "accentColor must be a colour such as #1d4ed8" })
  .superRefine((c, ctx) => {
    const ratio = contrastRatio(c, "#ffffff");
    if (ratio < AA_CONTRAST)
      ctx.addIssue({
        code: "custom",
        message: `The colour ${c} has a contrast of ${ratio.toFixed(2)}:1 against white; WCAG AA needs ${AA_CONTRAST}:1 for white button text and for links on the page. Choose a darker shade.`,
      });
  });

const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const text = (field: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `${field} must be at most ${max} characters` })
    .refine((s) => !CONTROL.test(s), { error: `${field} must not hold control characters` });

/** A host name that points at Signet (no scheme, port, path or credentials): signing links are mailed on it. */
export const zLinkHost = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, {
    error: "linkHost must be a host name such as sign.example.com (no https://, port or path)",
  });

export const zBranding = z
  .object({
    /** The name signers see ("Acme Ltd asks you to sign"); empty: the organization's name. */
    displayName: text("displayName", 80).nullable().default(null),
    accentColor: zAccentColor.nullable().default(null),
    /** One line under every signer's page and mail (an address, a registration number). */
    footer: text("footer", 300).nullable().default(null),
    supportEmail: z.email({ error: "supportEmail must be an e-mail address" }).max(320).nullable().default(null),
    /** Signing links in mails use https://{linkHost}; empty: PUBLIC_BASE_URL. */
    linkHost: zLinkHost.nullable().default(null),
  })
  .strict();
export type Branding = z.output<typeof zBranding>;

/** The brand as the dashboard edits it, with where its logo is (null: none). */
export interface BrandingDto extends Branding {
  organizationName: string;
  logoUrl: string | null;
}

/** What a signer's page and mails are dressed in (resolved: the name is never empty). */
export interface Brand {
  name: string;
  accent: string | null;
  logoUrl: string | null;
  footer: string | null;
  supportEmail: string | null;
}

/** The CSS custom properties the branded pages' accent is drawn from (components/ui/button.tsx, globals.css). */
export function accentStyle(accent: string | null | undefined): Record<string, string> | undefined {
  if (!accent) return undefined;
  return { "--accent": accent, "--accent-hover": `color-mix(in srgb, ${accent} 85%, black)` };
}

/** A logo: PNG or JPEG, at most 256 KB. */
export const LOGO_MAX_BYTES = 256 * 1024;
