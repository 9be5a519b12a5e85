"use client";

import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";

/** Zoom levels of the buttons, as multiples of "fit width"; a pinch may stop anywhere between the ends. */
export const ZOOM_STEPS = [1, 1.25, 1.5, 2, 2.5, 3] as const;
export const MIN_ZOOM = 1;
/** 3 × a phone's width at a device pixel ratio of 3 stays under the canvas size iOS allows. */
export const MAX_ZOOM = 3;

const clamp = (z: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, z));
const round = (z: number) => Math.round(z * 100) / 100;

interface Anchor {
  /** A point in the viewport (CSS px) that stays over the same spot of the document. */
  x: number;
  y: number;
  /** That spot, in the content's own pixels before the change. */
  cx: number;
  cy: number;
  factor: number;
}

/**
 * The document's zoom: buttons step through ZOOM_STEPS, a two-finger pinch on `scroller` scales the
 * pages live (a CSS transform of `content`) and, when the fingers lift, the pages are drawn again at
 * the new width, so text stays sharp instead of a stretched bitmap. The spot under the fingers (or the
 * middle of the screen, for the buttons) stays where it was. The page scrolls vertically; `scroller`
 * scrolls horizontally once the pages are wider than the screen.
 */
export function useZoom(
  /** Off while the pages are not shown (field-by-field mode): a pinch there is the browser's. */
  enabled = true,
) {
  /** The element that scrolls sideways around the pages, and the pages themselves (scaled live during a pinch). */
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const [zoom, setZoomState] = useState(1);
  const zoomRef = useRef(1);
  const anchor = useRef<Anchor | null>(null);

  const zoomAt = useCallback((next: number, at?: { x: number; y: number }) => {
    const el = scroller.current;
    const target = round(clamp(next));
    const current = zoomRef.current;
    if (!el || target === current) return;
    const rect = el.getBoundingClientRect();
    const x = at?.x ?? rect.left + el.clientWidth / 2;
    const y = at?.y ?? window.innerHeight / 2;
    anchor.current = { x, y, cx: x - rect.left + el.scrollLeft, cy: y - rect.top, factor: target / current };
    zoomRef.current = target;
    setZoomState(target);
  }, []);

  // After the pages took their new size (before the browser paints), scroll so the anchor stays put.
  useLayoutEffect(() => {
    const a = anchor.current;
    const el = scroller.current;
    if (!a || !el) return;
    anchor.current = null;
    const rect = el.getBoundingClientRect();
    el.scrollLeft = Math.max(0, a.cx * a.factor - (a.x - rect.left));
    window.scrollBy(0, rect.top + a.cy * a.factor - a.y);
  }, [zoom]);

  // Pinch: two fingers on the document. The browser's own pinch is off there (touch-action: pan-x pan-y).
  useEffect(() => {
    const el = scroller.current;
    if (!el || !enabled) return;
    let start: { d: number; x: number; y: number } | null = null;
    let ratio = 1;
    const measure = (t: TouchList) => {
      const [a, b] = [t[0]!, t[1]!];
      return {
        d: Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY),
        x: (a.clientX + b.clientX) / 2,
        y: (a.clientY + b.clientY) / 2,
      };
    };
    const onStart = (e: TouchEvent) => {
      if (e.touches.length !== 2) return;
      start = measure(e.touches);
      ratio = 1;
      const c = content.current;
      if (c) {
        const r = c.getBoundingClientRect();
        c.style.transformOrigin = `${start.x - r.left}px ${start.y - r.top}px`;
      }
    };
    const onMove = (e: TouchEvent) => {
      if (!start || e.touches.length !== 2) return;
      e.preventDefault();
      const now = measure(e.touches);
      ratio = clamp(zoomRef.current * (now.d / start.d)) / zoomRef.current;
      if (content.current) content.current.style.transform = `scale(${ratio})`;
    };
    const onEnd = () => {
      if (!start) return;
      const at = { x: start.x, y: start.y };
      start = null;
      if (content.current) content.current.style.transform = "";
      if (Math.abs(ratio - 1) > 0.02) zoomAt(zoomRef.current * ratio, at);
    };
    el.addEventListener("touchstart", onStart, { passive: true });
    el.addEventListener("touchmove", onMove, { passive: false });
    el.addEventListener("touchend", onEnd);
    el.addEventListener("touchcancel", onEnd);
    return () => {
      el.removeEventListener("touchstart", onStart);
      el.removeEventListener("touchmove", onMove);
      el.removeEventListener("touchend", onEnd);
      el.removeEventListener("touchcancel", onEnd);
    };
  }, [zoomAt, enabled]);

  const zoomIn = () => zoomAt(ZOOM_STEPS.find((s) => s > zoomRef.current + 0.01) ?? MAX_ZOOM);
  const zoomOut = () => zoomAt([...ZOOM_STEPS].reverse().find((s) => s < zoomRef.current - 0.01) ?? MIN_ZOOM);
  const fit = () => zoomAt(1);
  return {
    scroller,
    content,
    controls: { zoom, zoomIn, zoomOut, fit, canZoomIn: zoom < MAX_ZOOM, canZoomOut: zoom > MIN_ZOOM },
  };
}
