"use client";
import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { removeLogoAction, saveBrandingAction, setLogoAction } from "@/lib/actions/branding";
import type { ActionResult } from "@/lib/schemas/staff";
import { AA_CONTRAST, contrastRatio, type BrandingDto } from "@/lib/schemas/branding";
import { Button } from "@/components/ui/button";
import { PageHeader, ResultAlert } from "@/components/ui/feedback";
import { FileField, TextField } from "@/components/ui/form";
import { useDashboardT } from "@/components/layout/dashboard-intl";

const HEX = /^#[0-9a-f]{6}$/i;
const DEFAULT_ACCENT = "#0369a1"; // the signing page's own sky-700

/**
 * The organization's brand: the name signers see, the accent (checked for contrast as it is typed), the logo,
 * a footer, a support address and the host of mailed signing links; beside it, a preview of the signing page's
 * top and of the invitation mail with what is typed, before anything is saved.
 */
export function BrandingSettings({ branding }: { branding: BrandingDto }) {
  const t = useDashboardT();
  const router = useRouter();
  const [result, setResult] = useState<ActionResult | null>(null);
  const [pending, start] = useTransition();
  const [draft, setDraft] = useState({
    displayName: branding.displayName ?? "",
    accentColor: branding.accentColor ?? "",
    footer: branding.footer ?? "",
    supportEmail: branding.supportEmail ?? "",
    linkHost: branding.linkHost ?? "",
  });
  const set = (k: keyof typeof draft) => (e: React.ChangeEvent<HTMLInputElement>) => setDraft({ ...draft, [k]: e.target.value });
  const accent = draft.accentColor.trim().toLowerCase();
  const ratio = HEX.test(accent) ? contrastRatio(accent, "#ffffff") : null;
  const shown = ratio !== null && ratio >= AA_CONTRAST ? accent : (branding.accentColor ?? DEFAULT_ACCENT);
  const name = draft.displayName.trim() || branding.organizationName;
  const orNull = (v: string) => (v.trim() ? v.trim() : null);
  const run = (action: () => Promise<ActionResult>) =>
    start(async () => {
      const r = await action();
      setResult(r);
      if (r.ok) router.refresh();
    });
  return (
    <section className="space-y-6">
      <PageHeader title={t("settings.branding.title")} description={t("settings.branding.description")} />
      <ResultAlert result={result} listFields />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <div className="space-y-6">
          <form
            aria-label={t("settings.branding.title")}
            className="space-y-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
            onSubmit={(e) => {
              e.preventDefault();
              run(() =>
                saveBrandingAction({
                  displayName: orNull(draft.displayName),
                  accentColor: orNull(draft.accentColor),
                  footer: orNull(draft.footer),
                  supportEmail: orNull(draft.supportEmail),
                  linkHost: orNull(draft.linkHost),
                }),
              );
            }}
          >
            <TextField
              label={t("settings.branding.displayName")}
              value={draft.displayName}
              onChange={set("displayName")}
              maxLength={80}
              hint={t("settings.branding.displayNameHint", { name: branding.organizationName })}
            />
            <div className="flex items-end gap-3">
              <TextField
                label={t("settings.branding.accentColor")}
                value={draft.accentColor}
                onChange={set("accentColor")}
                placeholder="#1d4ed8"
                className="flex-1"
                hint={t("settings.branding.accentHint")}
              />
              <input
                type="color"
                aria-label={t("settings.branding.pickColour")}
                value={HEX.test(accent) ? accent : DEFAULT_ACCENT}
                onChange={set("accentColor")}
                className="mb-6 h-10 w-12 cursor-pointer rounded border border-slate-300"
              />
            </div>
            {ratio !== null && (
              <p role="status" className={`text-sm ${ratio >= AA_CONTRAST ? "text-emerald-800" : "font-medium text-red-700"}`}>
                {ratio >= AA_CONTRAST
                  ? t("settings.branding.contrast", { ratio: ratio.toFixed(2) })
                  : t("settings.branding.contrastLow", { ratio: ratio.toFixed(2) })}
              </p>
            )}
            <TextField label={t("settings.branding.footer")} value={draft.footer} onChange={set("footer")} maxLength={300} />
            <TextField
              label={t("settings.branding.supportEmail")}
              type="email"
              value={draft.supportEmail}
              onChange={set("supportEmail")}
            />
            <TextField
              label={t("settings.branding.linkHost")}
              value={draft.linkHost}
              onChange={set("linkHost")}
              placeholder="sign.example.com"
              hint={t("settings.branding.linkHostHint")}
            />
            <Button type="submit" disabled={pending}>
              {t("settings.branding.save")}
            </Button>
          </form>
          <form
            aria-label={t("settings.branding.logo")}
            className="space-y-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
            onSubmit={(e) => {
              e.preventDefault();
              const form = new FormData(e.currentTarget);
              run(() => setLogoAction(form));
            }}
          >
            {branding.logoUrl && (
              // eslint-disable-next-line @next/next/no-img-element -- the organization's own logo, at its size
              <img src={new URL(branding.logoUrl).pathname} alt="" className="h-10 w-auto max-w-48 object-contain" />
            )}
            <FileField label={t("settings.branding.logo")} name="logo" accept="image/png,image/jpeg" required />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" variant="secondary" disabled={pending}>
                {t("settings.branding.uploadLogo")}
              </Button>
              {branding.logoUrl && (
                <Button type="button" variant="danger" disabled={pending} onClick={() => run(() => removeLogoAction())}>
                  {t("settings.branding.removeLogo")}
                </Button>
              )}
            </div>
          </form>
        </div>
        <Preview
          name={name}
          accent={shown}
          logoUrl={branding.logoUrl ? new URL(branding.logoUrl).pathname : null}
          footer={draft.footer.trim()}
          supportEmail={draft.supportEmail.trim()}
        />
      </div>
    </section>
  );
}

/** What a signer would see with the values typed: the signing page's top, and the invitation mail. */
function Preview(p: { name: string; accent: string; logoUrl: string | null; footer: string; supportEmail: string }) {
  const t = useDashboardT();
  const logo = p.logoUrl ? (
    // eslint-disable-next-line @next/next/no-img-element -- the organization's own logo, at its size
    <img src={p.logoUrl} alt="" className="h-8 w-auto max-w-40 object-contain" />
  ) : null;
  return (
    <aside aria-label={t("settings.branding.previewTitle")} className="space-y-4">
      <h2 className="text-base font-semibold">{t("settings.branding.previewTitle")}</h2>
      <figure className="overflow-hidden rounded-xl border border-slate-200 bg-slate-50 shadow-sm">
        <figcaption className="border-b border-slate-200 bg-white px-3 py-1 text-xs text-slate-600">
          {t("settings.branding.previewPage")}
        </figcaption>
        <div className="flex items-center gap-3 border-b border-slate-200 bg-white px-4 py-2">
          {logo}
          <span className="text-sm font-semibold text-slate-800">{p.name}</span>
        </div>
        <div className="space-y-3 p-4">
          <p className="font-semibold text-slate-900">{t("settings.branding.previewDocument")}</p>
          <div className="h-24 rounded border border-slate-200 bg-white" />
          <span
            className="inline-block rounded-md px-4 py-2 text-sm font-semibold text-white"
            style={{ backgroundColor: p.accent }}
          >
            {t("settings.branding.previewButton")}
          </span>
        </div>
        {(p.footer || p.supportEmail) && (
          <div className="border-t border-slate-200 bg-white px-4 py-2 text-xs text-slate-600">
            {p.footer && <p>{p.footer}</p>}
            {p.supportEmail && (
              <p className="underline" style={{ color: p.accent }}>
                {p.supportEmail}
              </p>
            )}
          </div>
        )}
      </figure>
      <figure className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
        <figcaption className="border-b border-slate-200 px-3 py-1 text-xs text-slate-600">
          {t("settings.branding.previewMail")}
        </figcaption>
        <div className="space-y-3 p-4 text-sm text-slate-800">
          {logo}
          <p>{t("settings.branding.previewHello")}</p>
          <p>{t("settings.branding.previewAsked", { name: p.name })}</p>
          <span className="inline-block rounded-md px-4 py-2 text-white" style={{ backgroundColor: p.accent }}>
            {t("settings.branding.previewButton")}
          </span>
          {p.footer && <p className="text-xs text-slate-600">{p.footer}</p>}
          {p.supportEmail && (
            <p className="text-xs text-slate-600">{t("settings.branding.previewSupport", { email: p.supportEmail })}</p>
          )}
        </div>
      </figure>
    </aside>
  );
}
