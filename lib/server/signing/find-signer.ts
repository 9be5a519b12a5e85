import "server-only";
import { eq } from "drizzle-orm";
import type { Queryable } from "../db";
import { recipients, signatureRequests } from "../db/schema";
import { AppError } from "../http/errors";
import { hashToken } from "./tokens";

const ENDED: Record<string, string> = {
  CANCELLED: "This request was cancelled by its sender; the link no longer works",
  EXPIRED: "This request has expired; the link no longer works",
  DECLINED: "This request was declined; it can no longer be signed",
};

/** The recipient a signing link belongs to. Unknown → 404; a request that has ended → 410. */
export async function findSigner(db: Queryable, token: string, opts: { forUpdate?: boolean; allowEnded?: boolean } = {}) {
  const q = db
    .select({ r: recipients, req: signatureRequests })
    .from(recipients)
    .innerJoin(signatureRequests, eq(signatureRequests.id, recipients.requestId))
    .where(eq(recipients.tokenHash, hashToken(token)));
  const [row] = opts.forUpdate ? await q.for("update") : await q;
  if (!row || row.req.status === "DRAFT") throw new AppError("NOT_FOUND", "This signing link is not valid");
  if (!opts.allowEnded && ENDED[row.req.status]) throw new AppError("GONE", ENDED[row.req.status], { details: { status: row.req.status } });
  return row;
}
