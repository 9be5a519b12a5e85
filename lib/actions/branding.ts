"use server";
import type { ActionResult } from "@/lib/schemas/staff";
import type { BrandingDto } from "@/lib/schemas/branding";
import { removeLogo, saveBranding, setLogo } from "@/lib/server/branding/branding";
import { staffAction } from "@/lib/server/staff/staff-action";
import { dashboardTr } from "@/lib/server/staff/dashboard-words";

// The branding page's mutations; each use case checks that the acting staff member is an active ADMIN.
const PAGE = "/settings/branding";

export async function saveBrandingAction(body: unknown): Promise<ActionResult> {
  const t = await dashboardTr();
  return staffAction(PAGE, async (staff) => {
    await saveBranding(staff, body);
    return t("settings.branding.saved");
  });
}

/** The logo from the form's file input (judged by its bytes on the server). */
export async function setLogoAction(form: FormData): Promise<ActionResult & { branding?: BrandingDto }> {
  const t = await dashboardTr();
  let branding: BrandingDto | undefined;
  const r = await staffAction(PAGE, async (staff) => {
    const file = form.get("logo");
    const bytes = file instanceof Blob ? new Uint8Array(await file.slice(0, 256 * 1024 + 1).arrayBuffer()) : new Uint8Array();
    branding = await setLogo(staff, bytes);
    return t("settings.branding.logoSet");
  });
  return { ...r, branding };
}

export async function removeLogoAction(): Promise<ActionResult> {
  const t = await dashboardTr();
  return staffAction(PAGE, async (staff) => {
    await removeLogo(staff);
    return t("settings.branding.logoRemoved");
  });
}
