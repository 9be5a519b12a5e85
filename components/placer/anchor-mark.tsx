"use client";
import type { DetectedAnchor } from "@/lib/client/anchors";
import { useDashboardT } from "@/components/layout/dashboard-intl";

/**
 * A detected anchor drawn where the preview found it: the anchor text's box, and (for signer anchors)
 * the field box it will become, with its type, signer and size.
 */
export function AnchorMark({
  a,
  scale,
  color,
}: {
  a: DetectedAnchor;
  scale: number;
  color: { solid: string; fill: string; text: string } | null;
}) {
  const t = useDashboardT();
  const bad = !a.ok;
  const stroke = bad ? "#dc2626" : (color?.solid ?? "#64748b");
  const label = bad
    ? t("placer.anchorMark.malformed", { reason: a.reason ?? a.text })
    : [a.signerRef, a.type, a.fieldWidth && a.fieldHeight ? `${a.fieldWidth}×${a.fieldHeight}` : null]
        .filter(Boolean)
        .join(" · ");
  const showField = !bad && a.type !== "legacy" && a.fieldWidth && a.fieldHeight;
  return (
    <div className="pointer-events-none absolute inset-0" data-testid="anchor-mark" aria-hidden>
      {showField && (
        <div
          className="absolute rounded-sm border-2 border-dotted"
          style={{
            left: a.x * scale,
            top: a.y * scale,
            width: a.fieldWidth! * scale,
            height: a.fieldHeight! * scale,
            borderColor: stroke,
            background: color?.fill ?? "rgba(100,116,139,0.08)",
          }}
        />
      )}
      <div
        className="absolute border border-dashed"
        style={{
          left: a.x * scale,
          top: a.y * scale,
          width: Math.max(a.width * scale, 4),
          height: Math.max(a.height * scale, 4),
          borderColor: stroke,
        }}
      />
      <span
        className="absolute whitespace-nowrap rounded px-1 text-[10px] font-semibold leading-4 text-white shadow"
        style={{
          left: a.x * scale,
          top: Math.max(a.y * scale - 16, 0),
          // White words on the colour's dark shade: 4.5:1 for every recipient colour.
          background: bad ? "#b91c1c" : (color?.text ?? "#475569"),
        }}
      >
        {label || a.text}
      </span>
    </div>
  );
}
