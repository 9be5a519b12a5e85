import "server-only";
import { findRecipient } from "../model/find-recipient";
import crypto from "node:crypto";
import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { AuthMethod, RecipientDelivery } from "@/lib/schemas/requests";
import type { KeyAuth } from "../auth/authenticate";
import { config } from "../config";
import { getDb } from "../db";
import { embedLinks, recipients, signatureRequests } from "../db/schema";
import { oneRow } from "../db/rows";
import { AppError } from "../errors";
import { keyActor, recordEvent, type Actor } from "../audit/record-event";
import { findVisibleRequest } from "../model/request-queries";
import { hashToken } from "../tokens";
import { assertRecipientStatus } from "../model/recipient-state";
import { assertRequestStatus } from "../model/request-state";

// Embedded signing. A recipient with delivery EMBEDDED is never mailed: when their turn
// comes they move to SENT at once (startEmbeddedTurn), and the sender's server asks for a signing URL
// (createSigningUrl) that its page puts in an iframe. The URL is valid EMBED_URL_TTL_MS and once: the
// page /sign/embed/{token} consumes it (openEmbedLink) and renders the usual signing app with a token
// of the page's own ("es_…", EMBED_SESSION_TTL_MS, bound to that opening), which the signer API takes
// in place of a link token (find-signer.ts). The recipient's link token never reaches the page. No
// cookie is set: a third-party iframe's cookies are blocked or partitioned by browsers.

/** How long a signing URL may wait to be opened. */
export const EMBED_URL_TTL_MS = 5 * 60 * 1000;
/** Unused or used URLs are kept this long after they expired (for the audit trail's sake), then dropped. */
const EMBED_URL_KEEP_MS = 24 * 60 * 60 * 1000;

/** The shape of a signing URL's token (256 random bits, base64url). */
export const isEmbedToken = (t: string) => /^[A-Za-z0-9_-]{43}$/.test(t);

/**
 * An EMBEDDED recipient with a code to give (ACCESS_CODE, EMAIL_CODE) is refused: the host application
 * has authenticated its user before it asks for their URL, and a code entered inside a third-party
 * iframe would need a third-party cookie (the signer session), which browsers block.
 */
export function assertEmbeddableAuth(delivery: string, method: string) {
  if (delivery === "EMBEDDED" && method !== "NONE") {
    const message = `An EMBEDDED recipient has no authentication method of Signet's (got ${method}): the application that embeds the signing page authenticates its user before it asks for their signing URL`;
    throw new AppError("EMBEDDED_AUTH_UNSUPPORTED", message, { errors: [{ field: "delivery", message }] });
  }
}

/**
 * POST …/recipients/{recipientId}/signing-url: a URL to frame, valid 5 minutes and once, for an
 * EMBEDDED recipient of a request in progress whose turn it is. Another organization's request or
 * recipient: 404; not EMBEDDED, a CC, or with a code to give: 422; not their turn, done, or the
 * request not in progress: 409.
 */
export async function createSigningUrl(auth: KeyAuth, requestId: string, recipientId: string) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const req = await findVisibleRequest(tx, auth, requestId, { forUpdate: true });
    const r = await findRecipient(tx, req.id, recipientId);
    if ((r.delivery as RecipientDelivery) !== "EMBEDDED") {
      throw new AppError(
        "RECIPIENT_NOT_EMBEDDED",
        `This recipient's delivery is ${r.delivery}: only an EMBEDDED recipient has a signing URL (a recipient's delivery is set while the request is a DRAFT)`,
        {
          details: { delivery: r.delivery },
        },
      );
    }
    if (r.role === "CC")
      throw new AppError("RECIPIENT_IS_CC", "A CC recipient has nothing to sign: there is no signing URL for them", {
        details: { role: r.role },
      });
    assertEmbeddableAuth(r.delivery, r.authMethod as AuthMethod);
    assertRequestStatus(req, ["IN_PROGRESS"], (status) =>
      status === "DRAFT" ? "send it first" : "its links no longer take signatures",
    );
    assertRecipientStatus(r, ["SENT", "VIEWED"], (status) =>
      status === "PENDING"
        ? "It is not this recipient's turn yet: recipients with a lower order have not finished"
        : `This recipient is ${status}; there is nothing left for them to do`,
    );
    const token = crypto.randomBytes(32).toString("base64url");
    const expiresAt = new Date(Date.now() + EMBED_URL_TTL_MS);
    await tx
      .delete(embedLinks)
      .where(and(eq(embedLinks.recipientId, r.id), lt(embedLinks.expiresAt, new Date(Date.now() - EMBED_URL_KEEP_MS))));
    const link = oneRow(
      await tx
        .insert(embedLinks)
        .values({ recipientId: r.id, tokenHash: hashToken(token), expiresAt })
        .returning({ id: embedLinks.id }),
      "the new embed link",
    );
    await recordEvent(tx, req.id, "recipient.signing_url.created", keyActor(auth), {
      recipientId: r.id,
      embedLinkId: link.id,
      expiresAt: expiresAt.toISOString(),
    });
    return { url: `${config.publicBaseUrl}/sign/embed/${token}`, expiresAt: expiresAt.toISOString() };
  });
}

/** How long the embedded page's own token works after the URL was opened. */
export const EMBED_SESSION_TTL_MS = 60 * 60 * 1000;

/** The shape of an embedded page's token: "es_" and 256 random bits (a link token has no prefix). */
export const EMBED_SESSION_PREFIX = "es_";
export const isEmbedSessionToken = (t: string) => /^es_[A-Za-z0-9_-]{43}$/.test(t);

export interface OpenedEmbedLink {
  /** The embedded page's own token: what the framed signing app (and the signer API) works with, for EMBED_SESSION_TTL_MS. */
  sessionToken: string;
  sessionExpiresAt: Date;
  requestId: string;
  recipientId: string;
}

/**
 * Opens a signing URL: marks it used (at most once, and only before it expires: the database's
 * clock decides) and makes the page's own token, bound to this opening and valid
 * EMBED_SESSION_TTL_MS (the page used to carry the recipient's long-lived link token, which
 * signed long after the URL had expired). Null when the token is unknown, used, expired, or its
 * recipient is no longer EMBEDDED or its request is not sent.
 */
export async function openEmbedLink(token: string, who: Omit<Actor, "actor"> = {}): Promise<OpenedEmbedLink | null> {
  if (!isEmbedToken(token)) return null;
  const db = await getDb();
  const sessionToken = `${EMBED_SESSION_PREFIX}${crypto.randomBytes(32).toString("base64url")}`;
  const sessionExpiresAt = new Date(Date.now() + EMBED_SESSION_TTL_MS);
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(embedLinks)
      .set({ usedAt: sql`now()`, sessionHash: hashToken(sessionToken), sessionExpiresAt })
      .where(and(eq(embedLinks.tokenHash, hashToken(token)), isNull(embedLinks.usedAt), gt(embedLinks.expiresAt, sql`now()`)))
      .returning({ id: embedLinks.id, recipientId: embedLinks.recipientId });
    if (!used) return null;
    const [row] = await tx
      .select({ r: recipients, req: signatureRequests })
      .from(recipients)
      .innerJoin(signatureRequests, eq(signatureRequests.id, recipients.requestId))
      .where(eq(recipients.id, used.recipientId));
    if (!row || row.r.delivery !== "EMBEDDED" || row.req.status === "DRAFT") return null;
    await recordEvent(
      tx,
      row.req.id,
      "recipient.signing_url.opened",
      { actor: `recipient:${row.r.id}`, ...who },
      { recipientId: row.r.id, embedLinkId: used.id, sessionExpiresAt: sessionExpiresAt.toISOString() },
    );
    return { sessionToken, sessionExpiresAt, requestId: row.req.id, recipientId: row.r.id };
  });
}
