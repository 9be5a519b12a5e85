"use server";
import type { ActionResult } from "@/lib/schemas/staff";
import { changeRole } from "@/lib/server/staff/change-role";
import { deactivateStaff, reactivateStaff } from "@/lib/server/staff/deactivate-staff";
import { inviteStaff } from "@/lib/server/staff/invite-staff";
import { sendPasswordLink } from "@/lib/server/staff/reset-password";
import { staffAction } from "@/lib/server/staff/staff-action";
import { endMemberSessions, listMemberSessions } from "@/lib/server/staff/member-sessions";
import { currentStaff } from "@/lib/server/staff/current-staff";
import type { SessionDto } from "@/lib/schemas/staff";
import { AppError } from "@/lib/server/errors";
import { dashboardTr, refusalText } from "@/lib/server/staff/dashboard-words";

// The team page's mutations. Each use case checks that the acting staff member is an active ADMIN of
// the same organization (read from the store, not from the session); Next.js checks that a server
// action comes from this site (Origin against Host).
const PAGE = "/settings/team";
const str = (v: FormDataEntryValue | null) => (typeof v === "string" ? v : "");

export async function inviteAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const t = await dashboardTr();
  return staffAction(PAGE, async (staff) => {
    const m = await inviteStaff(staff, {
      name: str(form.get("name")),
      email: str(form.get("email")),
      role: str(form.get("role")) as "ADMIN" | "MEMBER",
    });
    return t("settings.team.done.invited", { email: m.email });
  });
}

export async function changeRoleAction(staffId: string, role: string): Promise<ActionResult> {
  const t = await dashboardTr();
  return staffAction(PAGE, async (staff) => {
    const r = await changeRole(staff, staffId, role);
    if (!r.changed) return t("settings.team.done.roleUnchanged");
    return r.role === "ADMIN" ? t("settings.team.done.roleChangedToAdmin") : t("settings.team.done.roleChangedToMember");
  });
}

export async function deactivateAction(staffId: string): Promise<ActionResult> {
  const t = await dashboardTr();
  return staffAction(PAGE, async (staff) => {
    const r = await deactivateStaff(staff, staffId);
    return t("settings.team.done.deactivated", { count: r.revokedSessions });
  });
}

export async function reactivateAction(staffId: string): Promise<ActionResult> {
  const t = await dashboardTr();
  return staffAction(PAGE, async (staff) => {
    await reactivateStaff(staff, staffId);
    return t("settings.team.done.reactivated");
  });
}

export async function sendPasswordLinkAction(staffId: string): Promise<ActionResult> {
  const t = await dashboardTr();
  return staffAction(PAGE, async (staff) => {
    const r = await sendPasswordLink(staff, staffId);
    return r.purpose === "RESET" ? t("settings.team.done.resetLinkMailed") : t("settings.team.done.invitationMailedAgain");
  });
}

/** A team member's open sessions, for the admin's team page (null with the refusal's message). */
export async function memberSessionsAction(staffId: string): Promise<{ sessions: SessionDto[] | null; message: string }> {
  const t = await dashboardTr();
  const staff = await currentStaff();
  if (!staff) return { sessions: null, message: t("settings.team.sessions.signedOut") };
  try {
    return { sessions: await listMemberSessions(staff, staffId), message: "" };
  } catch (e) {
    if (e instanceof AppError) return { sessions: null, message: await refusalText(e) };
    throw e;
  }
}

/** Ends one session of a team member, or all of theirs (`sessionId` null). */
export async function endMemberSessionsAction(staffId: string, sessionId: string | null): Promise<ActionResult> {
  const t = await dashboardTr();
  return staffAction(PAGE, async (staff) => {
    const n = await endMemberSessions(staff, staffId, sessionId);
    return t("settings.team.sessions.ended", { count: n });
  });
}
