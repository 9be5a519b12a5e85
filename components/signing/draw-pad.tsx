"use client";

import { useEffect, useRef, useState } from "react";
import SignaturePad from "signature_pad";
import { useSigningT } from "./intl";

/**
 * A drawing area for a signature (mouse, pen or finger). Reports a PNG data: URL cropped to the ink
 * after every stroke, or null once cleared, so the sealed PDF scales the ink, not the empty canvas.
 */
export function DrawPad({ label, onChange }: { label: string; onChange: (dataUrl: string | null) => void }) {
  const t = useSigningT();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const onChangeRef = useRef(onChange);
  const [empty, setEmpty] = useState(true);

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const canvas = canvasRef.current!;
    const pad = new SignaturePad(canvas, {
      penColor: "#10215e",
      minWidth: 0.9,
      maxWidth: 2.8,
      canvasContextOptions: { willReadFrequently: true },
    });
    padRef.current = pad;
    // The canvas's pixel size follows its CSS size and the screen's density; setting it wipes the
    // ink, so the strokes are kept and replayed.
    const fit = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const w = Math.round(canvas.offsetWidth * ratio);
      const h = Math.round(canvas.offsetHeight * ratio);
      if (!w || !h || (canvas.width === w && canvas.height === h)) return;
      const strokes = pad.toData();
      canvas.width = w;
      canvas.height = h;
      canvas.getContext("2d")!.scale(ratio, ratio);
      pad.clear();
      if (strokes.length) pad.fromData(strokes);
    };
    fit();
    const ro = new ResizeObserver(fit);
    ro.observe(canvas);
    const onEnd = () => {
      setEmpty(pad.isEmpty());
      onChangeRef.current(pad.isEmpty() ? null : croppedPng(canvas));
    };
    pad.addEventListener("endStroke", onEnd);
    return () => {
      ro.disconnect();
      pad.removeEventListener("endStroke", onEnd);
      pad.off();
      padRef.current = null;
    };
  }, []);

  const clear = () => {
    padRef.current?.clear();
    setEmpty(true);
    onChangeRef.current(null);
  };

  return (
    <div>
      <div className="relative rounded-lg border-2 border-dashed border-slate-300 bg-white">
        <canvas
          ref={canvasRef}
          aria-label={label}
          role="img"
          className="block h-44 w-full touch-none cursor-crosshair rounded-lg sm:h-52 landscape-phone:h-[45dvh]"
        />
        <div aria-hidden className="pointer-events-none absolute inset-x-6 bottom-10 border-b border-slate-300" />
        {empty ? (
          <p aria-hidden className="pointer-events-none absolute inset-x-0 top-1/3 text-center text-sm text-slate-600">
            {t("mark.drawHere")}
          </p>
        ) : null}
      </div>
      <div className="mt-2 flex justify-end">
        <button
          type="button"
          onClick={clear}
          className="rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-sky-600"
        >
          {t("mark.clear")}
        </button>
      </div>
    </div>
  );
}

/** The ink's bounding box (plus a small margin) as a transparent PNG. */
function croppedPng(canvas: HTMLCanvasElement): string | null {
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  if (!ctx) return canvas.toDataURL("image/png");
  const { width, height } = canvas;
  const px = ctx.getImageData(0, 0, width, height).data;
  let minX = width,
    minY = height,
    maxX = -1,
    maxY = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width * 4;
    for (let x = 0; x < width; x++) {
      if (px[row + x * 4 + 3] !== 0) {
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
    }
  }
  if (maxX < 0) return null;
  const margin = Math.round(4 * (window.devicePixelRatio || 1));
  const sx = Math.max(0, minX - margin),
    sy = Math.max(0, minY - margin);
  const sw = Math.min(width, maxX + margin + 1) - sx,
    sh = Math.min(height, maxY + margin + 1) - sy;
  const out = document.createElement("canvas");
  out.width = sw;
  out.height = sh;
  out.getContext("2d")!.drawImage(canvas, sx, sy, sw, sh, 0, 0, sw, sh);
  return out.toDataURL("image/png");
}
