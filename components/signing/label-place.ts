/**
 * Where a checkbox's or a radio button's label pill goes on the page: beside its box, never over the
 * document's own words ("[ ] yes [ ] no": a pill over "yes" hides what the signer is asked). Pure: the
 * page, the field and the words are boxes in CSS px from the page's top-left, measured by the caller.
 */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

const common = (a: Rect, b: Rect) =>
  Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)) *
  Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));

/** How many rows of the label's height, above and below the box, are tried before settling for the least covered. */
const ROWS = 8;

/**
 * The pill's top-left: the first place, in order of preference, that lies within the page, off the box and
 * over none of `words`: right of the box, left of it, then above and below it (left- then right-aligned),
 * a half row further each time, then the page's margins beside its line. Where every place covers some word (a page dense with text), the one that
 * covers least. `others` (the other fields) are avoided as words are, but a place may cover one when
 * nothing else is free: those stack above the pill anyway.
 */
export function placeLabel(
  field: Rect,
  label: { width: number; height: number },
  page: { width: number; height: number },
  words: readonly Rect[],
  others: readonly Rect[] = [],
  gap = 2,
): { x: number; y: number } {
  const { width: w, height: h } = label;
  const clamp = (x: number, y: number) => ({
    x: Math.max(0, Math.min(x, page.width - w)),
    y: Math.max(0, Math.min(y, page.height - h)),
  });
  const middle = field.y + field.height / 2 - h / 2;
  const places = [clamp(field.x + field.width + gap, middle), clamp(field.x - gap - w, middle)];
  for (let k = 0; k < ROWS; k++) {
    const up = field.y - gap - h - (k * h) / 2;
    const down = field.y + field.height + gap + (k * h) / 2;
    for (const x of [field.x, field.x + field.width - w]) places.push(clamp(x, up), clamp(x, down));
  }
  // Then the page's margins, on the box's line and the rows about it: often free where the lines are full.
  for (const x of [0, page.width - w]) {
    places.push(clamp(x, middle));
    for (let k = 0; k < ROWS; k++) places.push(clamp(x, middle - (k + 1) * (h / 2)), clamp(x, middle + (k + 1) * (h / 2)));
  }
  let best: { place: { x: number; y: number }; covered: number } | null = null;
  for (const place of places) {
    const box = { ...place, width: w, height: h };
    if (common(box, field) > 0) continue;
    const onWords = words.reduce((n, r) => n + common(box, r), 0);
    const onFields = others.reduce((n, r) => n + common(box, r), 0);
    if (onWords === 0 && onFields === 0) return place;
    // Words matter more than fields: a field stacks above the pill, a word would be hidden by it.
    const covered = onWords * 1000 + onFields;
    if (!best || covered < best.covered) best = { place, covered };
  }
  return best?.place ?? places[0]!;
}
