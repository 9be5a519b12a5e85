import "server-only";
import { log } from "../log";
import { failureOf, isDatabaseUnavailable } from "../db/unavailable";
import { AppError } from "../errors";

/** Errors and SQLSTATEs of storage with no room left: the disk (or a quota) of a file, or the database's. */
const FULL_ERRNO = new Set(["ENOSPC", "EDQUOT"]);
const DISK_FULL_SQLSTATE = "53100";

function isStorageFull(e: unknown): boolean {
  for (let c: unknown = e, depth = 0; c instanceof Error && depth < 8; c = c.cause, depth++) {
    const code = (c as { code?: unknown }).code;
    if (typeof code === "string" && (FULL_ERRNO.has(code) || code === DISK_FULL_SQLSTATE)) return true;
  }
  return false;
}

/**
 * A failure of what the server stands on rather than of the request, as the error the client is told:
 * the database gone (a restart, refused connections) is 503 DATABASE_UNAVAILABLE with Retry-After; no
 * room left to store a document is 507 STORAGE_FULL. Null for anything else (a plain 500). The cause is
 * logged for the operator, never sent.
 */
export function faultOf(e: unknown): AppError | null {
  if (isDatabaseUnavailable(e)) {
    log().warn({ cause: failureOf(e) }, "the database is not available");
    return new AppError("DATABASE_UNAVAILABLE", "The database is not available; retry in a moment", {
      headers: { "retry-after": "5" },
    });
  }
  if (isStorageFull(e)) {
    log().error({ cause: failureOf(e) }, "no space left to store data");
    return new AppError("STORAGE_FULL", "The server has no space left to store this; nothing was stored. Retry later");
  }
  return null;
}
