"use client";

import type { ReactNode } from "react";
import { PageImages, type PageSource } from "./page-images";
import { useSigningT } from "./intl";
import type { PageSize, SigningView } from "./types";

/** One of the request's documents as the signer's page shows it: where its pages are, and their sizes. */
export interface ShownDocument {
  id: string;
  name: string;
  source: PageSource;
  pages: PageSize[];
}

/**
 * The request's documents in order. The first one's page URLs name no document (the server preloads its
 * page 1 by that very URL); each other names its own.
 */
export function shownDocuments(token: string, view: Pick<SigningView, "documents">): ShownDocument[] {
  return view.documents.map((d, i) => ({
    id: d.id,
    name: d.name,
    source: { token, version: d.sha256, ...(i > 0 && { document: d.id }) },
    pages: d.pages,
  }));
}

/** The document (and its pages) a field stands on. */
export function documentOf(docs: readonly ShownDocument[], f: { documentId: string }): ShownDocument | undefined {
  return docs.find((d) => d.id === f.documentId) ?? docs[0];
}

export const documentAnchor = (n: number) => `signet-document-${n}`;

/**
 * Every document of the request, one after the other, each page loaded only near the viewport. With several,
 * a list at the top names them ("Document 2 of 3 · annex.pdf · 4 pages") and links to each, and each starts
 * under a heading saying the same. `overlay` draws what goes on a page of a document (the signer's fields).
 */
export function DocumentPages({
  docs,
  width,
  overlay,
}: {
  docs: readonly ShownDocument[];
  width: number;
  overlay?: (doc: ShownDocument, page: number, scale: number) => ReactNode;
}) {
  const t = useSigningT();
  const [only] = docs;
  if (docs.length === 1 && only)
    return <PageImages source={only.source} pages={only.pages} width={width} overlay={(p, s) => overlay?.(only, p, s)} />;
  const title = (d: ShownDocument, i: number) => `${t("docs.documentOf", { n: i + 1, total: docs.length })} · ${d.name}`;
  return (
    <div className="flex flex-col gap-6">
      <nav aria-label={t("docs.nav")} className="mx-auto w-full max-w-xl rounded-md border border-slate-200 bg-white p-3 text-sm">
        <p className="mb-1 font-semibold text-slate-900">{t("docs.nav")}</p>
        <ol className="space-y-1">
          {docs.map((d, i) => (
            <li key={d.id}>
              <a
                href={`#${documentAnchor(i + 1)}`}
                className="inline-block min-h-6 py-0.5 text-sky-800 underline decoration-sky-300 underline-offset-2 hover:decoration-sky-700"
              >
                {title(d, i)}
              </a>{" "}
              <span className="text-slate-500">· {t("docs.pages", { count: d.pages.length })}</span>
            </li>
          ))}
        </ol>
      </nav>
      {docs.map((d, i) => (
        <section key={d.id} aria-labelledby={documentAnchor(i + 1)} data-document={i + 1} className="flex flex-col gap-3">
          <h2 id={documentAnchor(i + 1)} className="scroll-mt-32 text-center text-sm font-semibold text-slate-800">
            {title(d, i)} <span className="font-normal text-slate-500">· {t("docs.pages", { count: d.pages.length })}</span>
          </h2>
          <PageImages source={d.source} pages={d.pages} width={width} overlay={(p, s) => overlay?.(d, p, s)} />
        </section>
      ))}
    </div>
  );
}
