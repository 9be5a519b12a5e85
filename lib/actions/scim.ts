"use server";
import type { ActionResult } from "@/lib/schemas/staff";
import { makeScimToken, revokeScimToken, saveScimSettings } from "@/lib/server/scim/tokens";
import { staffAction } from "@/lib/server/staff/staff-action";
import { dashboardT as t } from "@/lib/i18n/dashboard";

// The sign-in settings page's provisioning (SCIM) part: tokens and the admin groups. Each use case checks that
// the acting staff member is an active ADMIN; a token's value is answered once, to the admin who made it.
const PAGE = "/settings/sign-in";

export async function makeScimTokenAction(name: string): Promise<ActionResult & { token?: string }> {
  let token: string | undefined;
  const r = await staffAction(PAGE, async (staff) => {
    token = (await makeScimToken(staff, name)).token;
    return t("settings.signIn.scim.made", { name: name.trim() });
  });
  return { ...r, token };
}

export async function revokeScimTokenAction(id: string): Promise<ActionResult> {
  return staffAction(PAGE, async (staff) => {
    await revokeScimToken(staff, id);
    return t("settings.signIn.scim.revoked");
  });
}

export async function saveScimSettingsAction(adminGroups: string[]): Promise<ActionResult> {
  return staffAction(PAGE, async (staff) => {
    await saveScimSettings(staff, { adminGroups });
    return t("settings.signIn.scim.saved");
  });
}
