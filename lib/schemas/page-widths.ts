/**
 * The widths, in pixels, the signer's page images are drawn at (GET /api/sign/{token}/pages/{n}?w=):
 * a few sizes, so that every signer's screen shares the same kept images. The page asks for the
 * smallest at least as wide as the page on screen in device pixels. Free of zod: the signer's page imports it.
 */
export const PAGE_WIDTHS = [480, 720, 960, 1200, 1600, 2000, 2400, 3000] as const;
export type PageWidth = (typeof PAGE_WIDTHS)[number];

/** The smallest width at least `devicePx` (the largest when none is). */
export const pageWidthFor = (devicePx: number): PageWidth => PAGE_WIDTHS.find((w) => w >= devicePx) ?? PAGE_WIDTHS.at(-1)!;
