import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "../db";
import { signerCopies } from "../db/schema";
import { blobs } from "../blobs/store";
import { AppError } from "../errors";
import { runEngine, pdfErrorToApp } from "../engine";
import type { Actor } from "../audit/record-event";
import { findSigner } from "./find-signer";
import { limitSignerPages, limitSignerRenders } from "./limit-signer";
import { signerCopy } from "./signer-copy";
import { requireSignerSession } from "./signer-session";
import { readCached, writeCached } from "./page-cache";
import { errField, log } from "../log";
import { config } from "../config";
import { documentOrFirst, loadDocuments } from "../model/request-queries";
import type { PageWidth } from "@/lib/schemas/page-widths";
import type { z } from "zod";
import type { zSigningPageText } from "@/lib/schemas/signing";

/** One text item over a page's image, as GET /api/sign/{token}/pages/{n}/text serves it. */
type PageTextItem = z.output<typeof zSigningPageText>["items"][number];

/**
 * The signer's page shows the document as images drawn on the server (no pdf.js
 * on a phone), with each page's text laid over them. Both come from the bytes GET /document serves
 * (the signers' copy, or the sealed copy once COMPLETED), drawn once per width and kept on disk
 * (page-cache.ts) under that PDF's SHA-256, so the URL's `v` and the cache agree on what is shown.
 */

const RENDER_TIMEOUT_MS = 15_000;

interface Served {
  sha256: string;
  pageCount: number;
  size: { width: number; height: number };
  /** The served bytes, read (or made) only when a page must be drawn. */
  load: () => Promise<{ sha256: string; bytes: Uint8Array }>;
}

/** What this link is shown and page `page`'s size, after the same checks as GET /document. */
async function servedPage(
  token: string,
  page: number,
  who: Omit<Actor, "actor">,
  session: string | null,
  documentId: string | undefined,
): Promise<Served> {
  await limitSignerPages(token, who.ip ?? null);
  const db = await getDb();
  const { r, req } = await findSigner(db, token);
  await requireSignerSession(db, r, req, session);
  const { current: doc } = await documentOrFirst(db, req.id, documentId);
  const size = doc.pages[page - 1];
  if (!size || page > doc.pageCount)
    throw new AppError(
      "PAGE_NOT_FOUND",
      `This document has ${doc.pageCount} page${doc.pageCount === 1 ? "" : "s"}; there is no page ${page}`,
    );
  const completed = req.status === "COMPLETED";
  const load = async () => {
    if (completed) return { sha256: doc.sha256, bytes: await blobs().get(doc.sha256) };
    const copy = await signerCopy(doc.sha256);
    return { sha256: copy.sha256, bytes: copy.bytes };
  };
  if (completed) return { sha256: doc.sha256, pageCount: doc.pageCount, size, load };
  // The copy recorded for this version (no bytes read); made now when there is none yet.
  const [row] = await db.select({ sha256: signerCopies.sha256 }).from(signerCopies).where(eq(signerCopies.pdfSha256, doc.sha256));
  const sha256 = row?.sha256 ?? (await load()).sha256;
  return { sha256, pageCount: doc.pageCount, size, load };
}

export interface PageImage {
  bytes: Uint8Array;
  type: "image/png" | "image/jpeg";
  /** The served PDF's SHA-256 (the response's ETag). */
  sha256: string;
}

/** Page `page` (1-based) of what this link shows, `width` pixels wide. */
export async function signingPageImage(
  token: string,
  page: number,
  width: PageWidth,
  who: Omit<Actor, "actor">,
  session: string | null = null,
  documentId?: string,
): Promise<PageImage> {
  const served = await servedPage(token, page, who, session, documentId);
  const kept = await keptImage(served.sha256, page, width);
  if (kept) return kept;
  await limitSignerRenders(token);
  return drawImage(await served.load(), page, served.size, width);
}

/** Page `page`'s image at `width`, if kept for the served PDF `sha256`. */
async function keptImage(sha256: string, page: number, width: PageWidth): Promise<PageImage | null> {
  const kept = await readCached(sha256, [`${page}-${width}.png`, `${page}-${width}.jpg`]);
  return kept && { bytes: kept.bytes, type: kept.name.endsWith(".jpg") ? "image/jpeg" : "image/png", sha256 };
}

/** Draws page `page` of the served PDF at `width` (in the engine's workers) and keeps it. */
async function drawImage(
  served: { sha256: string; bytes: Uint8Array },
  page: number,
  size: { width: number; height: number },
  width: PageWidth,
): Promise<PageImage> {
  const drawn = await runEngine("renderPage", [served.bytes, { page, pageSize: size, width, timeoutMs: RENDER_TIMEOUT_MS }], {
    timeoutMs: RENDER_TIMEOUT_MS + 5_000,
  }).catch(pdfErrorToApp);
  await writeCached(served.sha256, `${page}-${width}.${drawn.type === "image/jpeg" ? "jpg" : "png"}`, drawn.bytes);
  return { bytes: drawn.bytes, type: drawn.type, sha256: served.sha256 };
}

/**
 * The pages a signer sees first, drawn when the request is sent (the `draw-pages` job), so that the first
 * open of a link finds them kept instead of waiting for the server to draw them: the first DRAW_PAGES_AHEAD
 * pages of each document at the widths most screens ask for (a desktop at one device pixel per CSS px and
 * a phone at two: 960; a phone at three: 1200), and their text. Only ever a head start: a page that cannot
 * be drawn now is drawn when asked for, as before, so a failure is logged, never retried.
 */
const FIRST_WIDTHS: PageWidth[] = [960, 1200];

export async function drawFirstPages(requestId: string): Promise<{ drawn: number }> {
  const db = await getDb();
  let drawn = 0;
  for (const doc of await loadDocuments(db, requestId)) {
    try {
      const copy = await signerCopy(doc.current.sha256);
      for (let page = 1; page <= Math.min(config.drawPagesAhead, doc.current.pageCount); page++) {
        const size = doc.current.pages[page - 1]!;
        for (const width of FIRST_WIDTHS) {
          if (await keptImage(copy.sha256, page, width)) continue;
          await drawImage(copy, page, size, width);
          drawn++;
        }
        if (!(await readCached(copy.sha256, [`${page}.json`]))) await textOf(copy, page, doc.current.pageCount, size);
      }
    } catch (e) {
      log().warn(
        { err: errField(e) },
        `the first pages of document ${doc.id} were not drawn ahead; they are drawn when a signer opens them`,
      );
    }
  }
  return { drawn };
}

export interface PageText {
  page: number;
  /** The page's displayed size in points. */
  width: number;
  height: number;
  items: PageTextItem[];
}

/** The text of page `page` of what this link shows, for the layer over its image. */
export async function signingPageText(
  token: string,
  page: number,
  who: Omit<Actor, "actor">,
  session: string | null = null,
  documentId?: string,
): Promise<{ sha256: string; text: PageText }> {
  const served = await servedPage(token, page, who, session, documentId);
  const kept = await readCached(served.sha256, [`${page}.json`]);
  if (kept) return { sha256: served.sha256, text: JSON.parse(kept.bytes.toString("utf8")) as PageText };
  await limitSignerRenders(token);
  const loaded = await served.load();
  return { sha256: loaded.sha256, text: await textOf(loaded, page, served.pageCount, served.size) };
}

/** Reads page `page`'s text of the served PDF (in the engine's workers) and keeps it. */
async function textOf(
  served: { sha256: string; bytes: Uint8Array },
  page: number,
  pageCount: number,
  size: { width: number; height: number },
): Promise<PageText> {
  const text = await runEngine("pageText", [served.bytes, page, pageCount]).catch(pdfErrorToApp);
  const r2 = (v: number) => Math.round(v * 100) / 100;
  const items: PageTextItem[] = (text?.items ?? [])
    .filter((i) => i.str.trim())
    .map((i) => ({
      s: i.str,
      x: r2(i.x),
      y: r2(i.y),
      w: r2(i.width),
      h: r2(i.height),
      f: r2(i.fontSize),
      ...(i.dir && { d: i.dir }),
    }));
  const made: PageText = { page, width: size.width, height: size.height, items };
  await writeCached(served.sha256, `${page}.json`, Buffer.from(JSON.stringify(made)));
  return made;
}
