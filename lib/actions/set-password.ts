"use server";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { ActionResult } from "@/lib/schemas/staff";
import { clientIp } from "@/lib/server/auth/ip";
import { config } from "@/lib/server/config";
import { limitLinkAttempts, setPasswordWithLink } from "@/lib/server/staff/set-password";
import { runAction } from "@/lib/server/staff/staff-action";
import { dashboardTr } from "@/lib/server/staff/dashboard-words";

const str = (v: FormDataEntryValue | null) => (typeof v === "string" ? v : "");

/** Public: the link's token is the credential. Used up on success; then the sign-in page, with a notice. */
export async function setPasswordAction(token: string, _prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const t = await dashboardTr();
  const ip = clientIp(await headers(), config.trustProxy);
  const r = await runAction(null, async () => {
    await limitLinkAttempts(ip);
    await setPasswordWithLink(token, { password: str(form.get("password")), repeat: str(form.get("repeat")) });
    return t("auth.setPassword.done");
  });
  if (r.ok) redirect("/login?notice=password-set");
  return r;
}
