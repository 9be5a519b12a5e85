import "server-only";
import { AppError } from "../errors";
import type { KeyAuth } from "./authenticate";

/**
 * Whether this caller's send waits for a staff member (lib/server/approvals): a key marked "sends need approval",
 * in production, on its own (a staff member's dashboard call is a person already). Sandbox sends never wait.
 */
export const waitsForApproval = (auth: KeyAuth): boolean =>
  auth.sendsNeedApproval === true && auth.environment === "PRODUCTION" && !auth.staff;

/** A bulk send or a public link sends with no one to approve each send: not open to a key whose sends wait (403). */
export function refuseSendingWithoutApproval(auth: KeyAuth, what: string): void {
  if (waitsForApproval(auth))
    throw new AppError(
      "SEND_APPROVAL_REQUIRED",
      `This key's production sends need a staff member's approval; ${what} would send without one`,
    );
}
