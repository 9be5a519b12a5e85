"use server";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { config } from "@/lib/server/config";
import { currentStaff } from "@/lib/server/staff/current-staff";
import { ENVIRONMENT_COOKIE, productionAvailable } from "@/lib/server/staff/environment";

/** Switches this browser's dashboard between sandbox and production (production: ENTERPRISE plan only). */
export async function switchEnvironment(form: FormData): Promise<void> {
  const staff = await currentStaff();
  if (!staff) redirect("/login");
  const wanted = form.get("environment") === "PRODUCTION" ? "PRODUCTION" : "SANDBOX";
  if (wanted === "PRODUCTION" && !(await productionAvailable(staff.orgId))) redirect("/requests");
  (await cookies()).set(ENVIRONMENT_COOKIE, wanted, {
    httpOnly: true,
    sameSite: "strict",
    secure: config.publicBaseUrl.startsWith("https://"),
    path: "/",
    maxAge: 365 * 24 * 3600,
  });
  // Records of one environment do not exist in the other: start again from the list.
  redirect("/requests");
}
