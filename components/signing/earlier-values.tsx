"use client";

import { signingPath } from "./api";
import { earlierName, type EarlierValue } from "./earlier-names";
import { useSigningT } from "./intl";
import { scriptFont } from "./script-font";

/**
 * Another recipient's value, drawn where its field stands: read-only and visibly not this signer's (grey, dotted,
 * under their own fields), never an input nor in the tab order; named for a screen reader as an image is.
 */
export function EarlierValueBox({ token, value: v, scale }: { token: string; value: EarlierValue; scale: number }) {
  const t = useSigningT();
  const name = earlierName(v, t);
  const box = { left: v.x * scale, top: v.y * scale, width: v.width * scale, height: v.height * scale };
  const fontPx = Math.max(8, Math.min((v.fontSize ?? 12) * scale, box.height * 0.8));
  return (
    <div
      role="img"
      aria-label={name}
      title={name}
      data-earlier-field={v.id}
      className="absolute flex select-none items-center overflow-hidden rounded-[2px] border border-dotted border-slate-400/80 bg-slate-50/60 text-slate-800"
      style={box}
    >
      <EarlierFace value={v} token={token} box={box} fontPx={fontPx} />
    </div>
  );
}

function EarlierFace({
  value: v,
  token,
  box,
  fontPx,
}: {
  value: EarlierValue;
  token: string;
  box: { width: number; height: number };
  fontPx: number;
}) {
  const { value } = v;
  switch (value.kind) {
    case "image":
      return (
        // eslint-disable-next-line @next/next/no-img-element -- a signer's image served by the link, drawn at the field's size
        <img
          src={signingPath(token, `/values/${encodeURIComponent(value.imageId)}/image`)}
          alt=""
          aria-hidden
          loading="lazy"
          decoding="async"
          className="h-full w-full object-contain"
        />
      );
    case "typed":
      return (
        <span
          aria-hidden
          className={`${scriptFont.className} mx-auto whitespace-nowrap leading-none text-[#10215e]`}
          style={{ fontSize: Math.min(box.height * 0.75, (box.width / Math.max(value.text.length, 1)) * 1.9) }}
        >
          {value.text}
        </span>
      );
    case "check":
    case "choice": {
      const on = value.kind === "check" ? value.checked : value.selected;
      return (
        <span aria-hidden className="mx-auto font-bold leading-none" style={{ fontSize: Math.max(8, box.height * 0.8) }}>
          {on ? (value.kind === "check" ? "✓" : "●") : ""}
        </span>
      );
    }
    case "files":
      return (
        <span aria-hidden className="truncate px-1" style={{ fontSize: fontPx }}>
          {value.names.join(", ")}
        </span>
      );
    default:
      return (
        <span aria-hidden className="truncate px-1 leading-none" style={{ fontSize: fontPx }}>
          {value.text}
        </span>
      );
  }
}
