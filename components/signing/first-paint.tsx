import type { Ref } from "react";
import { PAGE_WIDTHS } from "@/lib/schemas/page-widths";
import { MAX_PAGE_WIDTH, pageImageUrl } from "./page-urls";

/** What the server knows of page 1 before any script runs (lib/server/signing/link-state.ts FirstPage). */
export interface FirstPageInfo {
  title: string;
  version: string;
  width: number;
  height: number;
}

/**
 * The width page 1 takes on screen, as CSS: the signing page's frame (`max-w-5xl`, `px-2`, `sm:px-4`
 * from 640 px) and never wider than MAX_PAGE_WIDTH, as PageImages measures it once the app runs.
 */
const SLOT = `(min-width: 640px) min(calc(100vw - 32px), ${MAX_PAGE_WIDTH}px), min(calc(100vw - 16px), ${MAX_PAGE_WIDTH}px)`;

/**
 * The signing page as its HTML shows it before the scripts have run: the title and page 1, an `<img>`
 * with its size, at high priority, every width the server draws offered (`srcset`) so the browser takes
 * the one its screen needs with no script (React names it in a preload at the top of the HTML's head).
 * The stylesheet is in the HTML (next.config.mjs `inlineCss`), so nothing holds the first paint back.
 * The app shows the same image once it runs: `image` lets it read which width the browser took.
 */
export function FirstPaint({
  token,
  page,
  loadingText,
  image,
}: {
  token: string;
  page: FirstPageInfo;
  loadingText: string;
  image?: Ref<HTMLImageElement>;
}) {
  const src = { token, version: page.version };
  const srcSet = PAGE_WIDTHS.map((w) => `${pageImageUrl(src, 1, w)} ${w}w`).join(", ");
  return (
    <>
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95">
        <div className="mx-auto flex max-w-5xl items-center gap-3 px-3 py-2 sm:px-4">
          <div className="min-w-0 flex-1">
            <h1 className="truncate text-base font-semibold sm:text-lg">{page.title}</h1>
            <p role="status" className="truncate text-xs text-slate-500 sm:text-sm">
              {loadingText}
            </p>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-5xl px-2 py-4 sm:px-4" aria-busy="true">
        <div className="flex flex-col items-center">
          <div
            data-first-page
            className="relative isolate w-full overflow-hidden bg-white shadow-md ring-1 ring-slate-200"
            style={{ maxWidth: MAX_PAGE_WIDTH, aspectRatio: `${page.width} / ${page.height}` }}
          >
            {/* eslint-disable-next-line @next/next/no-img-element -- a server-drawn page, named in the HTML with every width */}
            <img
              ref={image}
              src={pageImageUrl(src, 1, PAGE_WIDTHS[2])}
              srcSet={srcSet}
              sizes={SLOT}
              width={Math.round(page.width)}
              height={Math.round(page.height)}
              alt=""
              fetchPriority="high"
              decoding="async"
              draggable={false}
              className="absolute inset-0 h-full w-full select-none"
            />
          </div>
        </div>
      </main>
    </>
  );
}
