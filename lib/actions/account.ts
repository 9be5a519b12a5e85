"use server";
import type { ActionResult } from "@/lib/schemas/staff";
import { changeOwnPassword } from "@/lib/server/staff/change-own-password";
import { changeOwnProfile } from "@/lib/server/staff/change-own-profile";
import { revokeStaffSession, signOutEverywhere } from "@/lib/server/staff/sessions";
import { staffAction } from "@/lib/server/staff/staff-action";
import { dashboardTr } from "@/lib/server/staff/dashboard-words";

// The account page's mutations: always on the signed-in staff member's own account and sessions.
const PAGE = "/settings/account";
const str = (v: FormDataEntryValue | null) => (typeof v === "string" ? v : "");

export async function changePasswordAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const t = await dashboardTr();
  return staffAction(PAGE, async (staff) => {
    const r = await changeOwnPassword(staff, {
      current: str(form.get("current")),
      password: str(form.get("password")),
      repeat: str(form.get("repeat")),
    });
    return r.otherSessionsEnded
      ? t("settings.account.done.passwordChangedOthersOut", { count: r.otherSessionsEnded })
      : t("settings.account.done.passwordChanged");
  });
}

export async function changeProfileAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const t = await dashboardTr();
  return staffAction(PAGE, async (staff) => {
    await changeOwnProfile(staff, { name: str(form.get("name")), locale: str(form.get("locale")) });
    return t("settings.account.done.profileSaved");
  });
}

export async function revokeSessionAction(sessionId: string): Promise<ActionResult> {
  const t = await dashboardTr();
  return staffAction(PAGE, async (staff) => {
    if (sessionId === staff.sessionId) return t("settings.account.done.useSignOut");
    return (await revokeStaffSession(staff.id, sessionId))
      ? t("settings.account.done.sessionEnded")
      : t("settings.account.done.sessionAlreadyEnded");
  });
}

/** Ends every session of this staff member, this browser's too: the page then signs out and goes to the sign-in page. */
export async function signOutEverywhereAction(): Promise<ActionResult> {
  const t = await dashboardTr();
  return staffAction(null, async (staff) => {
    const n = await signOutEverywhere(staff);
    return t("settings.account.done.signedOutEverywhere", { count: n });
  });
}
