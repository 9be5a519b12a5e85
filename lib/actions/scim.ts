"use server";
import type { ActionResult } from "@/lib/schemas/staff";
import { makeScimToken, revokeScimToken, saveScimSettings } from "@/lib/server/scim/tokens";
import { staffAction } from "@/lib/server/staff/staff-action";
import { dashboardTr } from "@/lib/server/staff/dashboard-words";

// The sign-in settings page's provisioning (SCIM) part: tokens and the admin groups. Each use case checks that
// the acting staff member is an active ADMIN; a token's value is answered once, to the admin who made it.
const PAGE = "/settings/sign-in";

export async function makeScimTokenAction(name: string): Promise<ActionResult & { token?: string }> {
  const t = await dashboardTr();
  let token: string | undefined;
  const r = await staffAction(PAGE, async (staff) => {
    token = (await makeScimToken(staff, name)).token;
    return t("settings.signIn.scim.made", { name: name.trim() });
  });
  return { ...r, token };
}

export async function revokeScimTokenAction(id: string): Promise<ActionResult> {
  const t = await dashboardTr();
  return staffAction(PAGE, async (staff) => {
    await revokeScimToken(staff, id);
    return t("settings.signIn.scim.revoked");
  });
}

export async function saveScimSettingsAction(adminGroups: string[]): Promise<ActionResult> {
  const t = await dashboardTr();
  return staffAction(PAGE, async (staff) => {
    await saveScimSettings(staff, { adminGroups });
    return t("settings.signIn.scim.saved");
  });
}
