"use client";
import type { DetectedAnchor } from "@/lib/client/anchors";
import { useDashboardT } from "@/components/layout/dashboard-intl";

/**
 * A detected anchor drawn where the preview found it: the anchor text's box, and (for signer anchors)
 * the field box it will become, with its type, signer and size. A field box that covers text or another
 * field is drawn in amber, the covered text outlined, and says so (the panel offers "Fit to the line").
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
  const covers = !bad && !!a.covering;
  const size = (w: number, h: number) => `${Math.round(w * 10) / 10}×${Math.round(h * 10) / 10}`;
  const label = bad
    ? t("placer.anchorMark.malformed", { reason: a.reason ?? a.text })
    : [
        a.signerRef,
        a.type,
        a.fieldWidth && a.fieldHeight ? size(a.fieldWidth, a.fieldHeight) : null,
        covers ? t("placer.anchorMark.covers") : null,
      ]
        .filter(Boolean)
        .join(" · ");
  const showField = !bad && a.type !== "legacy" && a.fieldWidth && a.fieldHeight;
  // Amber on white, 3:1 for a border; the label's shade carries white words at 4.5:1.
  const fieldStroke = covers ? "#d97706" : stroke;
  return (
    <div
      className="pointer-events-none absolute inset-0"
      data-testid="anchor-mark"
      data-covering={covers ? "true" : undefined}
      aria-hidden
    >
      {showField && (
        <div
          className={`absolute rounded-sm border-2 ${covers ? "border-dashed" : "border-dotted"}`}
          style={{
            left: (a.layout?.field.x ?? a.x) * scale,
            top: (a.layout?.field.y ?? a.y) * scale,
            width: a.fieldWidth! * scale,
            height: a.fieldHeight! * scale,
            borderColor: fieldStroke,
            background: covers ? "rgba(217,119,6,0.10)" : (color?.fill ?? "rgba(100,116,139,0.08)"),
          }}
        />
      )}
      {covers &&
        !a.fitted &&
        a.layout?.covers.text.map((c, i) => (
          <div
            key={i}
            className="absolute border border-amber-600"
            style={{ left: c.x * scale, top: c.y * scale, width: c.width * scale, height: c.height * scale }}
          />
        ))}
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
          background: bad ? "#b91c1c" : covers ? "#92400e" : (color?.text ?? "#475569"),
        }}
      >
        {label || a.text}
      </span>
    </div>
  );
}
