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
 * SQLSTATE class 22, "data exception": the statement was refused for a value it was given (22P02 invalid text
 * representation, 22P05 untranslatable character, 22021 a byte sequence the encoding cannot hold, 22001 too
 * long, 22003 out of range, the JSON errors 2203x …), on PostgreSQL and on PGlite alike. The schemas should have
 * refused the value first; when one slips past them it is still the call's fault, never the server's.
 */
const DATA_EXCEPTION = /^22[0-9A-Z]{3}$/;

function dataExceptionOf(e: unknown): string | null {
  for (let c: unknown = e, depth = 0; c instanceof Error && depth < 8; c = c.cause, depth++) {
    const code = (c as { code?: unknown }).code;
    if (typeof code === "string" && DATA_EXCEPTION.test(code)) return code;
  }
  return null;
}

/**
 * A failure of what the server stands on rather than of the request, as the error the client is told:
 * the database gone (a restart, refused connections) is 503 DATABASE_UNAVAILABLE with Retry-After; no
 * room left to store a document is 507 STORAGE_FULL; and one failure of the request after all, a value the
 * database refuses as data, is 400 INPUT_NOT_STORABLE. Null for anything else (a plain 500). The cause is
 * logged for the operator, never sent (it may quote the value).
 */
export function faultOf(e: unknown): AppError | null {
  if (isDatabaseUnavailable(e)) {
    log().warn({ cause: failureOf(e) }, "the database is not available");
    return new AppError("DATABASE_UNAVAILABLE", "The database is not available; retry in a moment", {
      headers: { "retry-after": "5" },
    });
  }
  const dataException = dataExceptionOf(e);
  if (dataException) {
    log().warn({ cause: failureOf(e) }, "the database refused a value of the call");
    return new AppError(
      "INPUT_NOT_STORABLE",
      "A value in this call cannot be stored as given (the database refused it as data); nothing was changed by it",
      { details: { sqlstate: dataException } },
    );
  }
  if (isStorageFull(e)) {
    log().error({ cause: failureOf(e) }, "no space left to store data");
    return new AppError("STORAGE_FULL", "The server has no space left to store this; nothing was stored. Retry later");
  }
  return null;
}
