"use server";
import type { ActionResult } from "@/lib/schemas/staff";
import { changeOwnPassword } from "@/lib/server/staff/change-own-password";
import { revokeStaffSession, signOutEverywhere } from "@/lib/server/staff/sessions";
import { staffAction } from "@/lib/server/staff/staff-action";

// The account page's mutations: always on the signed-in staff member's own account and sessions.
const PAGE = "/settings/account";
const str = (v: FormDataEntryValue | null) => (typeof v === "string" ? v : "");

export async function changePasswordAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  return staffAction(PAGE, async (staff) => {
    const r = await changeOwnPassword(staff, {
      current: str(form.get("current")),
      password: str(form.get("password")),
      repeat: str(form.get("repeat")),
    });
    return `Password changed.${r.otherSessionsEnded ? ` ${r.otherSessionsEnded} other browser${r.otherSessionsEnded === 1 ? " was" : "s were"} signed out.` : ""}`;
  });
}

export async function revokeSessionAction(sessionId: string): Promise<ActionResult> {
  return staffAction(PAGE, async (staff) => {
    if (sessionId === staff.sessionId) return "Use Sign out for this browser.";
    return (await revokeStaffSession(staff.id, sessionId)) ? "That browser is signed out." : "That session had already ended.";
  });
}

/** Ends every session of this staff member, this browser's too: the page then signs out and goes to the sign-in page. */
export async function signOutEverywhereAction(): Promise<ActionResult> {
  return staffAction(null, async (staff) => {
    const n = await signOutEverywhere(staff);
    return `Signed out of ${n} session${n === 1 ? "" : "s"}.`;
  });
}
