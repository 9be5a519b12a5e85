import "server-only";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { zTokenParams } from "@/lib/schemas/signing";
import type { Environment } from "../auth/keys";
import { getDb, type Queryable } from "../db";
import { brandOf } from "../model/brand";
import type { Brand } from "@/lib/schemas/branding";
import { embedLinks, recipients, signatureRequests } from "../db/schema";
import { hashToken } from "../tokens";
import { isEmbedToken } from "./embed-links";
import {
  DELEGATED_MESSAGE,
  endedReason,
  lookupReplaced,
  lookupSigner,
  RELEASED_MESSAGE,
  releasedWhileOpen,
  REPLACED_MESSAGE,
  sealedCopyUntil,
} from "./find-signer";
import { currentDocument, loadDocuments, loadRecipients } from "../model/request-queries";
import { toldOfDecline } from "./decline-audience";
import { downloadableDocuments, sealedAttachments, type SigningAttachment } from "./signer-downloads";

type DownloadableDocument = ReturnType<typeof downloadableDocuments>[number];

/** The languages stored for a link's recipient and request, for the page's language. */
export interface StoredLocales {
  recipient: string | null;
  request: string | null;
}

/** What a signing link's page is, decided on the server before anything is rendered. */
export type SigningLinkState =
  | { kind: "unknown" }
  | {
      kind: "ended";
      /**
       * CANCELLED, EXPIRED, DECLINED, COMPLETED (more than SEALED_COPY_DAYS ago), REPLACED (a correction made a new
       * link), DELEGATED (handed over) or RELEASED (a signing group's member no longer needed).
       */
      status: string;
      /** This recipient's own status: DECLINED when they are the one who declined. */
      recipientStatus: string;
      message: string;
      /** null when the link asks for a code: the page then names nothing of the document. */
      title: string | null;
      environment: Environment;
      /** DECLINED by this recipient: how many others their decline told (the sender always is). */
      othersTold?: number;
    }
  | {
      kind: "completed";
      title: string;
      environment: Environment;
      availableUntil: string;
      /** A signing group's member whose signature was not needed: the page says so first. */
      released?: boolean;
      /** Asked for by the page (`files`): every sealed document and every kept attachment it offers. */
      files?: { documents: DownloadableDocument[]; attachments: SigningAttachment[] };
    }
  /**
   * `gated`: the recipient must give a code first (the page's client app asks for it). `firstPage`: what the
   * page's HTML shows at once when page 1 may be fetched (not gated, their turn): the request's title, the
   * SHA-256 of the version shown and page 1's size in points.
   */
  | { kind: "open"; gated: boolean; firstPage?: FirstPage };

/** What the signing page's HTML shows before its scripts have run (components/signing/first-paint.tsx). */
export interface FirstPage {
  title: string;
  version: string;
  width: number;
  height: number;
}

/**
 * The state of a signing link, for the page (`app/sign/[token]`) and for the status its HTTP
 * response carries (`proxy.ts`): the same rules as the signer's API (find-signer.ts). Reads only:
 * the first view is recorded by the API call the page makes. `firstPage`: also the document version whose
 * page 1 the page may name at once (`document` of an open link). `files`: what a completed link's page offers.
 */
export async function signingLinkState(
  token: string,
  opts: { firstPage?: boolean; files?: boolean; brand?: boolean } = {},
): Promise<SigningLinkState & { locales?: StoredLocales; brand?: Brand | null }> {
  if (!zTokenParams.safeParse({ token }).success) return { kind: "unknown" };
  const db = await getDb();
  const row = await lookupSigner(db, token);
  if (!row) {
    // A link replaced by a correction: said so, in the recipient's language, naming nothing of the document.
    const replaced = await lookupReplaced(db, token);
    if (!replaced) return { kind: "unknown" };
    return {
      kind: "ended",
      status: replaced.reason === "delegated" ? "DELEGATED" : "REPLACED",
      recipientStatus: replaced.r.status,
      message: replaced.reason === "delegated" ? DELEGATED_MESSAGE : REPLACED_MESSAGE,
      title: null,
      environment: replaced.req.environment as Environment,
      locales: { recipient: replaced.r.locale, request: replaced.req.locale },
      ...(opts.brand && { brand: await pageBrand(db, replaced.req.orgId) }),
    };
  }
  const { r, req } = row;
  const state = linkState(row);
  // Their turn on an open link: the page's HTML shows page 1's image itself, so it downloads and is shown
  // with the page rather than after the scripts and the view's data have come. Asked for by the page only
  // (`firstPage`): the proxy, which reads the state for the response's status, needs no document.
  if (
    opts.firstPage &&
    state.kind === "open" &&
    !state.gated &&
    (r.status === "SENT" || r.status === "VIEWED") &&
    r.role !== "CC"
  ) {
    const doc = await currentDocument(db, req.id);
    const size = doc.pages[0];
    if (size) state.firstPage = { title: req.title, version: doc.sha256, width: size.width, height: size.height };
  }
  if (state.kind === "ended" && req.status === "DECLINED" && r.status === "DECLINED")
    state.othersTold = toldOfDecline(await loadRecipients(db, req.id), r.id).length;
  // A completed link's page offers each sealed document and attachment, as its API does (signer-downloads.ts).
  if (opts.files && state.kind === "completed")
    state.files = {
      documents: downloadableDocuments(req, await loadDocuments(db, req.id)),
      attachments: await sealedAttachments(db, req, r.id),
    };
  return {
    ...state,
    locales: { recipient: r.locale, request: req.locale },
    ...(opts.brand && { brand: await pageBrand(db, req.orgId) }),
  };
}

/** The sending organization's brand for the page (`brand`), or null when it has none (Signet's own look). */
async function pageBrand(db: Queryable, orgId: string): Promise<Brand | null> {
  const { brand, branded } = await brandOf(db, orgId);
  return branded ? brand : null;
}

type SignerRow = NonNullable<Awaited<ReturnType<typeof lookupSigner>>>;

function linkState({ r, req }: SignerRow): SigningLinkState {
  const environment = req.environment as Environment;
  const gated = r.authMethod !== "NONE";
  const message = endedReason(req);
  if (message)
    return {
      kind: "ended",
      status: req.status,
      recipientStatus: r.status,
      message,
      title: gated ? null : req.title,
      environment,
    };
  // A signing group's member let go while the request goes on: as find-signer.ts says it.
  if (releasedWhileOpen(r, req))
    return {
      kind: "ended",
      status: "RELEASED",
      recipientStatus: r.status,
      message: RELEASED_MESSAGE,
      title: gated ? null : req.title,
      environment,
    };
  // A completed request's sealed copy is behind the code too: the client app asks for it, then shows the copy.
  if (gated) return { kind: "open", gated };
  const until = sealedCopyUntil(req);
  if (until)
    return {
      kind: "completed",
      title: req.title,
      environment,
      availableUntil: until.toISOString(),
      ...(r.status === "RELEASED" && { released: true }),
    };
  return { kind: "open", gated };
}

/** The HTTP status of a signing link's page: 404 unknown, 410 ended, else 200. */
export const linkHttpStatus = (s: SigningLinkState): 200 | 404 | 410 =>
  s.kind === "unknown" ? 404 : s.kind === "ended" ? 410 : 200;

/**
 * The stored languages behind a signing URL of embedded signing, read without opening it (proxy.ts,
 * before the page opens it): null when the URL is unknown, used or expired (the page answers 404).
 */
export async function embedLinkLocales(token: string): Promise<StoredLocales | null> {
  if (!isEmbedToken(token)) return null;
  const [row] = await (
    await getDb()
  )
    .select({ recipient: recipients.locale, request: signatureRequests.locale })
    .from(embedLinks)
    .innerJoin(recipients, eq(recipients.id, embedLinks.recipientId))
    .innerJoin(signatureRequests, eq(signatureRequests.id, recipients.requestId))
    .where(and(eq(embedLinks.tokenHash, hashToken(token)), isNull(embedLinks.usedAt), gt(embedLinks.expiresAt, sql`now()`)));
  return row ?? null;
}
