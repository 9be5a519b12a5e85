"use server";
import type { ActionResult } from "@/lib/schemas/staff";
import { deleteSsoConnection, saveOidcConnection, setPasswordSignIn } from "@/lib/server/sso/connections";
import { staffAction } from "@/lib/server/staff/staff-action";
import { dashboardT as t } from "@/lib/i18n/dashboard";

// The sign-in settings page's mutations (single sign-on connections, who may use a password). Each use case
// checks that the acting staff member is an active ADMIN of the connection's organization.
const PAGE = "/settings/sign-in";

/** Creates (id null) or replaces an OIDC connection from the form's fields (a client secret left empty keeps the stored one). */
export async function saveOidcAction(id: string | null, body: unknown): Promise<ActionResult> {
  return staffAction(PAGE, async (staff) => {
    const c = await saveOidcConnection(staff, id, body);
    return t(id === null ? "settings.signIn.done.made" : "settings.signIn.done.saved", { name: c.name });
  });
}

export async function deleteSsoAction(id: string): Promise<ActionResult> {
  return staffAction(PAGE, async (staff) => {
    await deleteSsoConnection(staff, id);
    return t("settings.signIn.done.removed");
  });
}

export async function setPasswordSignInAction(mode: string): Promise<ActionResult> {
  return staffAction(PAGE, async (staff) => {
    const m = await setPasswordSignIn(staff, mode);
    return t(m === "ADMINS_ONLY" ? "settings.signIn.done.adminsOnly" : "settings.signIn.done.everyone");
  });
}
