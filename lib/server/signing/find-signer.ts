import "server-only";
import { and, eq, gt, sql } from "drizzle-orm";
import type { Queryable } from "../db";
import { embedLinks, recipients, retiredSigningLinks, signatureRequests } from "../db/schema";
import { AppError } from "../errors";
import { hashToken } from "../tokens";
import { EMBED_SESSION_PREFIX, isEmbedSessionToken } from "./embed-links";
import { toldOfDecline } from "./decline-audience";
import { loadRecipients } from "../model/request-queries";

/** How long after completion a signing link still shows its signer the sealed copy. */
export const SEALED_COPY_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

const ENDED: Record<string, string> = {
  CANCELLED: "This request was cancelled by its sender; the link no longer works",
  EXPIRED: "This request has expired; the link no longer works",
  DECLINED: "This request was declined; it can no longer be signed",
};

type Row = { r: typeof recipients.$inferSelect; req: typeof signatureRequests.$inferSelect };

/** The last moment a COMPLETED request's links show the sealed copy (null if the request is not COMPLETED). */
export function sealedCopyUntil(req: { status: string; completedAt: Date | null }): Date | null {
  if (req.status !== "COMPLETED") return null;
  return new Date((req.completedAt ?? new Date()).getTime() + SEALED_COPY_DAYS * DAY_MS);
}

/** Why a link no longer works (its request was cancelled, expired or declined, or completed too long ago), or null. */
export function endedReason(req: { status: string; completedAt: Date | null }, now = new Date()): string | null {
  const ended = ENDED[req.status];
  if (ended) return ended;
  const until = sealedCopyUntil(req);
  if (until && now > until) return `This request was completed more than ${SEALED_COPY_DAYS} days ago; the link no longer works`;
  return null;
}

export const REPLACED_MESSAGE =
  "This link was replaced: the sender corrected the recipient's details and sent a new link. Use the newest invitation.";

/**
 * A signing group's member let go while the request goes on: their link has ended (after completion it shows
 * the sealed copy, as every link does). The one rule of the API (findSigner) and the page (link-state.ts).
 */
export const releasedWhileOpen = (r: { status: string }, req: { status: string }) =>
  r.status === "RELEASED" && req.status !== "COMPLETED";

export const RELEASED_MESSAGE =
  "Your signature is no longer needed: enough members of your signing group have signed. This link no longer works.";

export const DELEGATED_MESSAGE =
  "This link was handed over: its recipient named someone else, who received a link of their own. It no longer works.";

/** The recipient a retired link (replaced by a correction, or handed over by its recipient) belonged to, and why, or null. */
export async function lookupReplaced(db: Queryable, token: string): Promise<(Row & { reason: string }) | null> {
  const [row] = await db
    .select({ r: recipients, req: signatureRequests, reason: retiredSigningLinks.reason })
    .from(retiredSigningLinks)
    .innerJoin(recipients, eq(recipients.id, retiredSigningLinks.recipientId))
    .innerJoin(signatureRequests, eq(signatureRequests.id, recipients.requestId))
    .where(eq(retiredSigningLinks.tokenHash, hashToken(token)));
  return row ?? null;
}

/** The recipient and request a token belongs to, or null (unknown token, or a request still a DRAFT). */
export async function lookupSigner(db: Queryable, token: string, opts: { forUpdate?: boolean } = {}): Promise<Row | null> {
  if (token.startsWith(EMBED_SESSION_PREFIX)) return lookupEmbedSession(db, token, opts);
  const q = db
    .select({ r: recipients, req: signatureRequests })
    .from(recipients)
    .innerJoin(signatureRequests, eq(signatureRequests.id, recipients.requestId))
    .where(eq(recipients.tokenHash, hashToken(token)));
  const [row] = opts.forUpdate ? await q.for("update") : await q;
  return !row || row.req.status === "DRAFT" ? null : row;
}

/**
 * An embedded page's own token (embed-links.ts): its recipient and request while the session lasts
 * (the database's clock decides), else null, as for an unknown link.
 */
async function lookupEmbedSession(db: Queryable, token: string, opts: { forUpdate?: boolean }): Promise<Row | null> {
  if (!isEmbedSessionToken(token)) return null;
  const q = db
    .select({ r: recipients, req: signatureRequests })
    .from(embedLinks)
    .innerJoin(recipients, eq(recipients.id, embedLinks.recipientId))
    .innerJoin(signatureRequests, eq(signatureRequests.id, recipients.requestId))
    .where(and(eq(embedLinks.sessionHash, hashToken(token)), gt(embedLinks.sessionExpiresAt, sql`now()`)));
  const [row] = opts.forUpdate ? await q.for("update", { of: [recipients, signatureRequests] }) : await q;
  return !row || row.req.status === "DRAFT" || row.r.delivery !== "EMBEDDED" ? null : row;
}

/**
 * The recipient a signing link belongs to. Unknown → 404; a request that was cancelled, expired
 * or declined, or completed more than SEALED_COPY_DAYS ago → 410 (details say which, and whether
 * this recipient is the one who declined, for the page to say so). A COMPLETED request within
 * those days is returned: what its link may do (see the sealed copy, nothing else) is the caller's.
 */
export async function findSigner(db: Queryable, token: string, opts: { forUpdate?: boolean } = {}): Promise<Row> {
  const row = await lookupSigner(db, token, opts);
  if (!row) {
    const replaced = await lookupReplaced(db, token);
    if (replaced) {
      // Whoever holds a replaced link may be the wrong person (a mistyped address): nothing of the document.
      const delegated = replaced.reason === "delegated";
      throw new AppError("SIGNING_LINK_ENDED", delegated ? DELEGATED_MESSAGE : REPLACED_MESSAGE, {
        details: {
          status: delegated ? "DELEGATED" : "REPLACED",
          recipientStatus: replaced.r.status,
          environment: replaced.req.environment,
        },
      });
    }
    throw new AppError("SIGNING_LINK_NOT_FOUND", "This signing link is not valid");
  }
  const ended = endedReason(row.req);
  if (ended) {
    // A link that asks for a code names nothing of its document (not even the title) to whoever holds it.
    const title = row.r.authMethod === "NONE" ? { title: row.req.title } : {};
    // The one who declined is told whom their decline reached (the page says "the sender was told" when nobody else).
    const told =
      row.req.status === "DECLINED" && row.r.status === "DECLINED"
        ? { othersTold: toldOfDecline(await loadRecipients(db, row.req.id), row.r.id).length }
        : {};
    throw new AppError("SIGNING_LINK_ENDED", ended, {
      details: { status: row.req.status, recipientStatus: row.r.status, ...title, ...told, environment: row.req.environment },
    });
  }
  // A signing group's member let go once enough of the group signed: nothing more to do here until the copy.
  if (releasedWhileOpen(row.r, row.req))
    throw new AppError("SIGNING_LINK_ENDED", RELEASED_MESSAGE, {
      details: {
        status: "RELEASED",
        recipientStatus: row.r.status,
        ...(row.r.authMethod === "NONE" && { title: row.req.title, group: row.r.groupName }),
        environment: row.req.environment,
      },
    });
  return row;
}
