import type { Brand } from "@/lib/schemas/branding";

/**
 * The sending organization's brand around a signer's page: its logo and name on top, its footer and support
 * address below, and its accent in place of the page's own (Tailwind's sky colours, which the signing page's
 * buttons and links are drawn in, take the accent inside the frame). Without a brand: the page as it is.
 * The logo is served from this site (the page's CSP allows images from itself only).
 */
export function BrandFrame({ brand, children }: { brand?: Brand | null; children: React.ReactNode }) {
  if (!brand) return <>{children}</>;
  const logo = brand.logoUrl ? new URL(brand.logoUrl).pathname : null;
  const accent = brand.accent
    ? ({
        "--color-sky-600": brand.accent,
        "--color-sky-700": brand.accent,
        "--color-sky-800": `color-mix(in srgb, ${brand.accent} 85%, black)`,
      } as React.CSSProperties)
    : undefined;
  return (
    <div style={accent} className="flex min-h-dvh flex-col" data-brand>
      <div className="flex items-center gap-3 border-b border-slate-200 bg-white px-4 py-2">
        {/* eslint-disable-next-line @next/next/no-img-element -- the organization's logo, from this site, at its own size */}
        {logo ? <img src={logo} alt="" className="h-8 w-auto max-w-40 object-contain" /> : null}
        <span className="text-sm font-semibold text-slate-800">{brand.name}</span>
      </div>
      <div className="flex-1">{children}</div>
      {brand.footer || brand.supportEmail ? (
        <div className="border-t border-slate-200 bg-white px-4 py-3 text-xs text-slate-600">
          {brand.footer ? <p>{brand.footer}</p> : null}
          {brand.supportEmail ? (
            <p>
              <a className="text-sky-700 underline" href={`mailto:${brand.supportEmail}`}>
                {brand.supportEmail}
              </a>
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
