export interface RecipientColor {
  name: string;
  solid: string;
  fill: string;
  /** Words drawn in the colour (a field's name on its box): dark enough for 4.5:1 on `fill` over white. */
  text: string;
}

/** One colour per recipient (by position in signing order), shared by the recipients list and the placer. */
export const RECIPIENT_COLORS: readonly [RecipientColor, ...RecipientColor[]] = [
  { name: "indigo", solid: "#4f46e5", fill: "rgba(79,70,229,0.14)", text: "#4338ca" },
  { name: "amber", solid: "#d97706", fill: "rgba(217,119,6,0.16)", text: "#92400e" },
  { name: "emerald", solid: "#059669", fill: "rgba(5,150,105,0.14)", text: "#065f46" },
  { name: "rose", solid: "#e11d48", fill: "rgba(225,29,72,0.13)", text: "#be123c" },
  { name: "sky", solid: "#0284c7", fill: "rgba(2,132,199,0.14)", text: "#075985" },
  { name: "violet", solid: "#7c3aed", fill: "rgba(124,58,237,0.14)", text: "#6d28d9" },
  { name: "lime", solid: "#65a30d", fill: "rgba(101,163,13,0.16)", text: "#3f6212" },
  { name: "fuchsia", solid: "#c026d3", fill: "rgba(192,38,211,0.13)", text: "#86198f" },
];

/** The colour of the recipient at `index` (0-based): the palette starts again after its last colour. */
export function colorAt(index: number): RecipientColor {
  const n = RECIPIENT_COLORS.length;
  return RECIPIENT_COLORS[((index % n) + n) % n] ?? RECIPIENT_COLORS[0];
}

export function colorOf(recipientIds: string[], id: string): RecipientColor {
  return colorAt(Math.max(0, recipientIds.indexOf(id)));
}
