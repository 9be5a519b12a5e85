import "server-only";
import { log } from "../log";
import { and, eq, isNull } from "drizzle-orm";
import { zNewPassword } from "@/lib/schemas/staff";
import { hashPassword } from "../auth/password";
import { getDb } from "../db";
import { staffTokens, staffUsers } from "../db/schema";
import { AppError, validationError } from "../errors";
import { takeNamedToken } from "../limits/rate-limit";
import { revokeAllStaffSessions } from "./sessions";
import { expireStaffLinks, findStaffLink, type LinkPurpose } from "./staff-links";

/** Why a link cannot be used, in the words the set-password page shows. */
export function linkRefusal(state: "USED" | "EXPIRED" | "UNKNOWN"): AppError {
  if (state === "UNKNOWN")
    return new AppError("STAFF_LINK_NOT_FOUND", "This link is not valid. Check that you opened the whole link from the mail.");
  if (state === "USED")
    return new AppError(
      "STAFF_LINK_USED",
      "This link has already been used. Sign in with your password, or ask an admin for a new link.",
    );
  return new AppError(
    "STAFF_LINK_EXPIRED",
    "This link has expired or was replaced by a newer one. Ask an admin to send you a new link.",
  );
}

/**
 * Sets a staff member's password with a one-time link (an invitation or a reset). The link is used up
 * in the same transaction (a second use, even at the same moment, is refused); every session of the
 * account ends (after a reset, a browser someone else signed in with is signed out) and any other open
 * link stops working.
 */
export async function setPasswordWithLink(
  token: string,
  body: { password: unknown; repeat: unknown },
): Promise<{ email: string; purpose: LinkPurpose }> {
  const db = await getDb();
  const found = await findStaffLink(db, token);
  if (found.state !== "VALID") throw linkRefusal(found.state);
  const parsed = zNewPassword.safeParse(body);
  if (!parsed.success) throw validationError(parsed.error, "body");
  const passwordHash = await hashPassword(parsed.data.password);
  const { link, user } = found;
  await db.transaction(async (tx) => {
    const used = await tx
      .update(staffTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(staffTokens.id, link.id), isNull(staffTokens.usedAt)))
      .returning({ expiresAt: staffTokens.expiresAt });
    const [claimed] = used;
    if (!claimed) throw linkRefusal("USED");
    if (claimed.expiresAt.getTime() <= Date.now()) throw linkRefusal("EXPIRED");
    const [u] = await tx
      .update(staffUsers)
      .set({ passwordHash })
      .where(and(eq(staffUsers.id, user.id), isNull(staffUsers.deactivatedAt)))
      .returning({ id: staffUsers.id });
    if (!u) throw linkRefusal("EXPIRED");
    await expireStaffLinks(tx, user.id);
    await revokeAllStaffSessions(tx, user.id);
  });
  log().info(`staff: ${user.email} set a password (${link.purpose === "INVITE" ? "invitation" : "reset"} link)`);
  return { email: user.email, purpose: link.purpose as LinkPurpose };
}

/** Attempts at set-password links (page views and submissions) per minute from one client address. */
export const LINK_ATTEMPTS_PER_MINUTE = 30;

/** Refuses a client address that opens or submits set-password links too often (guessing links). */
export async function limitLinkAttempts(ip: string | null): Promise<void> {
  const d = await takeNamedToken(`staff-link-ip:${ip ?? "unknown"}`, LINK_ATTEMPTS_PER_MINUTE);
  if (!d.allowed)
    throw new AppError("RATE_LIMITED", `Too many attempts from your address. Try again in ${d.resetSeconds} seconds.`, {
      headers: { "Retry-After": String(d.resetSeconds) },
    });
}
