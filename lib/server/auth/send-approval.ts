import "server-only";
import { AppError } from "../errors";
import type { KeyAuth } from "./authenticate";

/**
 * Whether this caller's send waits for a staff member (lib/server/approvals): in production, on its own (a staff
 * member's dashboard call is a person already), a key marked "sends need approval", or any key's send through the
 * MCP server (an agent's) unless the key was made to send directly from MCP. Sandbox sends never wait.
 */
export const waitsForApproval = (auth: KeyAuth, via: "api" | "mcp" = "api"): boolean =>
  auth.environment === "PRODUCTION" &&
  !auth.staff &&
  (auth.sendsNeedApproval === true || (via === "mcp" && auth.mcpSendsDirectly !== true));

/** A bulk send or a public link sends with no one to approve each send: not open to a key whose sends wait (403). */
export function refuseSendingWithoutApproval(auth: KeyAuth, what: string): void {
  if (waitsForApproval(auth))
    throw new AppError(
      "SEND_APPROVAL_REQUIRED",
      `This key's production sends need a staff member's approval; ${what} would send without one`,
    );
}
