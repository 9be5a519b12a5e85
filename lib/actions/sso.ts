"use server";
import type { ActionResult } from "@/lib/schemas/staff";
import { cookies } from "next/headers";
import {
  deleteSsoConnection,
  saveOidcConnection,
  saveSamlConnection,
  setPasswordSignIn,
  testTarget,
} from "@/lib/server/sso/connections";
import { TEST_COOKIE, testMark } from "@/lib/server/sso/test-sign-in";
import { config } from "@/lib/server/config";
import { staffAction } from "@/lib/server/staff/staff-action";
import { dashboardTr } from "@/lib/server/staff/dashboard-words";

// The sign-in settings page's mutations (single sign-on connections, who may use a password). Each use case
// checks that the acting staff member is an active ADMIN of the connection's organization.
const PAGE = "/settings/sign-in";

/** Creates (id null) or replaces an OIDC connection from the form's fields (a client secret left empty keeps the stored one). */
export async function saveOidcAction(id: string | null, body: unknown): Promise<ActionResult> {
  const t = await dashboardTr();
  return staffAction(PAGE, async (staff) => {
    const c = await saveOidcConnection(staff, id, body);
    return t(id === null ? "settings.signIn.done.made" : "settings.signIn.done.saved", { name: c.name });
  });
}

/** Creates (id null) or replaces a SAML connection (the identity provider's metadata by URL or XML; left out on a change, kept). */
export async function saveSamlAction(id: string | null, body: unknown): Promise<ActionResult> {
  const t = await dashboardTr();
  return staffAction(PAGE, async (staff) => {
    const c = await saveSamlConnection(staff, id, body);
    return t(id === null ? "settings.signIn.saml.made" : "settings.signIn.done.saved", { name: c.name });
  });
}

export async function deleteSsoAction(id: string): Promise<ActionResult> {
  const t = await dashboardTr();
  return staffAction(PAGE, async (staff) => {
    await deleteSsoConnection(staff, id);
    return t("settings.signIn.done.removed");
  });
}

export async function setPasswordSignInAction(mode: string): Promise<ActionResult> {
  const t = await dashboardTr();
  return staffAction(PAGE, async (staff) => {
    const m = await setPasswordSignIn(staff, mode);
    return t(m === "ADMINS_ONLY" ? "settings.signIn.done.adminsOnly" : "settings.signIn.done.everyone");
  });
}

/**
 * Starts an admin's test sign-in through a connection: marks this browser's next round trip through it as a
 * test (a signed cookie, 10 minutes, sent only to /api/auth) and answers where to start: next-auth's provider id
 * (OIDC) or the connection's login route (SAML).
 */
export async function testSsoAction(id: string): Promise<ActionResult & { providerId?: string; href?: string }> {
  const t = await dashboardTr();
  let target: { providerId: string } | { href: string } | undefined;
  const r = await staffAction(null, async (staff) => {
    target = await testTarget(staff, id);
    (await cookies()).set(TEST_COOKIE, await testMark(staff, id), {
      httpOnly: true,
      sameSite: "lax",
      path: "/api/auth",
      maxAge: 600,
      secure: config.publicBaseUrl.startsWith("https://"),
    });
    return t("settings.signIn.testing");
  });
  return { ...r, ...target };
}
