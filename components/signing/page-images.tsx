"use client";

import { useEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import { pageWidthFor } from "@/lib/schemas/page-widths";
import { MAX_PAGE_WIDTH, pageImageUrl, pageTextUrl, type PageSource } from "./page-urls";
import { useSigningT } from "./intl";
import type { PageSize, PageTextItem } from "./types";

/**
 * The signer's document as page images drawn on the server (GET /api/sign/{token}/pages/{n}?w=), with
 * each page's text laid over it (…/text) for screen readers, selection and find-in-page. No PDF
 * library reaches a signer's phone: a page costs tens of kilobytes, not megabytes
 * of pdf.js. Zooming asks for a wider image (sharp, not a stretched bitmap) and keeps showing the last
 * one until it has come.
 */

export { MAX_PAGE_WIDTH, type PageSource } from "./page-urls";

/** The width to draw the pages at: their frame's (`frame`), at most MAX_PAGE_WIDTH, as it changes; 0 until measured. */
export function usePageWidth(frame: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = frame.current!;
    const measure = () => setWidth(Math.min(Math.floor(el.clientWidth), MAX_PAGE_WIDTH));
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [frame]);
  return width;
}

/** Pages further than this from the viewport are not loaded: a 200-page contract stays light. */
const NEAR = "1200px 0px";
/** Tries of one image before the page says it could not be shown (a 429 or a network drop is retried). */
const TRIES = 4;

const imageUrl = pageImageUrl;
const textUrl = pageTextUrl;

/**
 * The image of page 1 the HTML showed before the app ran (first-paint.tsx), as the browser took it from the
 * widths offered: the first document's page 1 shows it until its own width has come, which is that very
 * image (no second download) whenever the browser took the width this page asks for. Taken once.
 */
let firstPageSeed: string | null = null;
export function seedFirstPage(url: string) {
  firstPageSeed = url;
}
function takeFirstPageSeed(source: PageSource): string | null {
  if (source.document || !firstPageSeed) return null;
  const url = firstPageSeed;
  firstPageSeed = null;
  return url;
}
const absolute = (url: string) => new URL(url, window.location.href).href;

/** The image width for a page `cssWidth` CSS px wide on this screen (device pixels, at most 3 per CSS px). */
function bucketFor(cssWidth: number): number {
  const dpr = typeof window === "undefined" ? 1 : Math.min(3, Math.max(1, window.devicePixelRatio || 1));
  return pageWidthFor(cssWidth * dpr);
}

/**
 * The document, one frame per page sized from the API's page sizes, each page loaded only while near
 * the viewport. `overlay` draws what goes on a page (the signer's fields) at `scale` = CSS px per point.
 */
export function PageImages({
  source,
  pages,
  width,
  overlay,
}: {
  source: PageSource;
  pages: PageSize[];
  width: number;
  overlay: (page: number, scale: number) => ReactNode;
}) {
  const t = useSigningT();
  const [near, setNear] = useState<ReadonlySet<number>>(() => new Set([1]));
  const bucket = bucketFor(width);
  // Page 1 as the HTML showed it, if it did: the same URL is this page's own image, already loaded.
  const [seed] = useState(() => {
    const url = takeFirstPageSeed(source);
    const want = imageUrl(source, 1, bucket);
    return url ? { url: url === absolute(want) ? want : url, want } : null;
  });
  // The image each page shows now: data-rendered says it is the one for the current width.
  const [shown, setShown] = useState<Readonly<Record<number, string>>>(() => {
    const already: Record<number, string> = {};
    if (seed && seed.url === seed.want) already[1] = seed.want;
    return already;
  });
  const io = useRef<IntersectionObserver | null>(null);
  const frames = useRef(new Map<number, HTMLElement>());

  useEffect(() => {
    const observer = new IntersectionObserver(
      (entries) =>
        setNear((prev) => {
          const next = new Set(prev);
          for (const e of entries) {
            const n = Number((e.target as HTMLElement).dataset.page);
            if (e.isIntersecting) next.add(n);
            else next.delete(n);
          }
          return next;
        }),
      { rootMargin: NEAR },
    );
    io.current = observer;
    frames.current.forEach((el) => observer.observe(el));
    return () => {
      observer.disconnect();
      io.current = null;
    };
  }, []);

  return (
    <div className="flex flex-col items-center gap-4">
      {pages.map((size, i) => {
        const n = i + 1;
        const scale = width / size.width;
        const want = imageUrl(source, n, bucket);
        return (
          <section
            key={n}
            data-page={n}
            data-rendered={shown[n] === want}
            aria-label={t("pdf.pageOf", { page: n, total: pages.length })}
            ref={(el) => {
              if (!el) return;
              frames.current.set(n, el);
              io.current?.observe(el);
              return () => {
                frames.current.delete(n);
                io.current?.unobserve(el);
              };
            }}
            // isolate: the fields' z-indexes (smaller above larger) stack within the page, under the sticky header.
            className="relative isolate overflow-hidden bg-white shadow-md ring-1 ring-slate-200"
            style={{ width, height: Math.round(size.height * scale) }}
          >
            {near.has(n) ? (
              <>
                <PageImage
                  src={want}
                  first={n === 1 ? seed?.url : undefined}
                  onShown={(url) => setShown((s) => (s[n] === url ? s : { ...s, [n]: url }))}
                />
                <PageText url={textUrl(source, n)} size={size} />
              </>
            ) : (
              <p aria-hidden className="absolute inset-x-0 top-1/3 text-center text-sm text-slate-600">
                {t("pdf.page", { page: n })}
              </p>
            )}
            {overlay(n, scale)}
          </section>
        );
      })}
    </div>
  );
}

/**
 * One page's image filling its frame. While a new width loads (a zoom), the last one stays shown:
 * both are in the page, keyed by URL, the new one transparent until it has loaded. `first`: an image
 * already loaded to show meanwhile (page 1 as the HTML showed it).
 */
function PageImage({
  src,
  first,
  onShown,
  className = "absolute inset-0 h-full w-full",
}: {
  src: string;
  first?: string;
  onShown?: (url: string) => void;
  className?: string;
}) {
  const t = useSigningT();
  const [shown, setShown] = useState<string | null>(first ?? null);
  // Tries of the current `src`: a new width starts again from none.
  const [attempt, setAttempt] = useState({ src, tries: 0, failed: false });
  const { tries, failed } = attempt.src === src ? attempt : { tries: 0, failed: false };
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  // A retry asks again with its own URL: the failed answer may be in the browser's cache.
  const loading = shown === src ? null : tries ? `${src}&try=${tries}` : src;
  const urls = [shown, loading].filter((u): u is string => !!u);
  return (
    <>
      {urls.map((url) => (
        // eslint-disable-next-line @next/next/no-img-element -- a server-drawn page: next/image's optimizer has nothing to add
        <img
          key={url}
          src={url}
          alt=""
          draggable={false}
          decoding="async"
          className={`${className} select-none ${url === shown ? "" : "opacity-0"}`}
          onLoad={
            url === loading
              ? () => {
                  setShown(src);
                  onShown?.(src);
                }
              : undefined
          }
          onError={
            url === loading
              ? () => {
                  if (tries + 1 >= TRIES) return setAttempt({ src, tries, failed: true });
                  timer.current = setTimeout(() => setAttempt({ src, tries: tries + 1, failed: false }), 800 * 2 ** tries);
                }
              : undefined
          }
        />
      ))}
      {failed && !shown ? (
        <div
          role="alert"
          className="absolute inset-x-4 top-1/4 rounded-lg border border-red-200 bg-red-50 p-4 text-center text-sm text-red-800"
        >
          {t("pdf.failed")}{" "}
          <button
            type="button"
            className="min-h-6 font-semibold underline"
            onClick={() => setAttempt({ src, tries: tries + 1, failed: false })}
          >
            {t("pdf.tryAgain")}
          </button>
        </div>
      ) : null}
    </>
  );
}

/**
 * The page's words, transparent, where the image shows them: a screen reader reads them, a finger or a
 * mouse selects them, find-in-page finds them. Each item is stretched to its box (textLength), so a
 * selection covers what the eye sees. Beneath the fields. A page whose text cannot be had is an image only.
 */
function PageText({ url, size }: { url: string; size: PageSize }) {
  const [items, setItems] = useState<PageTextItem[] | null>(null);
  useEffect(() => {
    const ctrl = new AbortController();
    void (async () => {
      for (let attempt = 0; attempt < 3 && !ctrl.signal.aborted; attempt++) {
        try {
          const res = await fetch(url, {
            signal: ctrl.signal,
            credentials: "same-origin",
            headers: { accept: "application/json" },
          });
          if (res.ok) return setItems(((await res.json()) as { data: { items: PageTextItem[] } }).data.items);
          if (res.status !== 429 && res.status < 500) return;
        } catch {
          if (ctrl.signal.aborted) return;
        }
        await new Promise((r) => setTimeout(r, 1000 * 2 ** attempt));
      }
    })();
    return () => ctrl.abort();
  }, [url]);
  if (!items?.length) return null;
  return (
    <svg
      data-text-layer
      className="absolute inset-0 h-full w-full select-text fill-transparent"
      viewBox={`0 0 ${size.width} ${size.height}`}
      preserveAspectRatio="none"
    >
      {items.map((it, i) => {
        const long = it.d === 90 || it.d === 270 ? it.h : it.w;
        // The baseline, about four fifths down the box across the reading direction.
        const [x, y] =
          it.d === 90
            ? [it.x + it.w * 0.2, it.y]
            : it.d === 180
              ? [it.x + it.w, it.y + it.h * 0.2]
              : it.d === 270
                ? [it.x + it.w * 0.8, it.y + it.h]
                : [it.x, it.y + it.h * 0.8];
        return (
          <text
            key={i}
            x={x}
            y={y}
            fontSize={it.f}
            textLength={long > 0 ? long : undefined}
            lengthAdjust="spacingAndGlyphs"
            transform={it.d ? `rotate(${it.d} ${x} ${y})` : undefined}
            className="whitespace-pre"
          >
            {it.s}
          </text>
        );
      })}
    </svg>
  );
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The part of the page around a field, `width` CSS px wide, the field outlined: what the signer reads
 * before filling it in field-by-field mode. The region is at least 85 % of the page's width (the line's
 * words either side: a label often stands well left of its box) and the field with a margin, kept
 * inside the page; the page's image is drawn at the region's scale (sharp), shifted so the region shows.
 */
export function PageRegion({
  source,
  page,
  size,
  box,
  width,
}: {
  source: PageSource;
  page: number;
  size: PageSize;
  box: Box;
  width: number;
}) {
  const t = useSigningT();
  const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
  const rw = clamp(Math.max(box.width + 96, size.width * 0.85), 1, size.width);
  const rh = clamp(Math.max(box.height + 96, rw * 0.4), 1, size.height);
  const x0 = clamp(box.x + box.width / 2 - rw / 2, 0, size.width - rw);
  const y0 = clamp(box.y + box.height / 2 - rh / 2, 0, size.height - rh);
  const scale = width / rw;
  const pageWidth = size.width * scale;
  return (
    <figure
      aria-label={t("steps.where", { page })}
      role="img"
      className="relative overflow-hidden rounded-md bg-white ring-1 ring-slate-200"
      style={{ width, height: Math.round(rh * scale) }}
    >
      <div className="absolute" style={{ left: -x0 * scale, top: -y0 * scale, width: pageWidth, height: size.height * scale }}>
        <PageImage src={imageUrl(source, page, bucketFor(pageWidth))} />
      </div>
      <div
        aria-hidden
        className="absolute rounded-[2px] bg-amber-300/25 outline-2 outline-offset-2 outline-amber-500"
        style={{ left: (box.x - x0) * scale, top: (box.y - y0) * scale, width: box.width * scale, height: box.height * scale }}
      />
    </figure>
  );
}
