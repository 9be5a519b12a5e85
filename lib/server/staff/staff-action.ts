import "server-only";
import { errField, log } from "../log";
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import type { ActionResult } from "@/lib/schemas/staff";
import { AppError } from "../errors";
import { currentStaff } from "./current-staff";
import { dashboardTr, refusalText } from "./dashboard-words";
import type { StaffIdentity } from "./sessions";

/**
 * Runs a dashboard server action for the signed-in staff member (signed out, or a session that ended:
 * the sign-in page). The use case decides what they may do; its AppError becomes the form's message (in the
 * dashboard's language: refusalText), anything else a plain one (the detail goes to the log). `revalidate`: the page to render again.
 */
export async function staffAction(
  revalidate: string | null,
  fn: (staff: StaffIdentity) => Promise<string>,
): Promise<ActionResult> {
  const staff = await currentStaff();
  if (!staff) redirect(`/login?callbackUrl=${encodeURIComponent(revalidate ?? "/requests")}`);
  return runAction(revalidate, () => fn(staff));
}

/** The same for a public action (the set-password page): AppError → the form's message. */
export async function runAction(revalidate: string | null, fn: () => Promise<string>): Promise<ActionResult> {
  try {
    const message = await fn();
    if (revalidate) revalidatePath(revalidate);
    return { ok: true, message };
  } catch (e) {
    if (e instanceof AppError) return { ok: false, message: await refusalText(e), errors: e.errors };
    const id = crypto.randomUUID();
    log().error({ err: errField(e) }, `staff action failed ${id}`);
    return { ok: false, message: (await dashboardTr())("errors.internal", { ref: id }) };
  }
}
