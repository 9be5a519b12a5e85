import localFont from "next/font/local";

/**
 * The script face typed signatures are shown in: the same Dancing Script file the sealing engine
 * draws them with, so what the signer previews is what the sealed PDF carries. Not preloaded:
 * page 1 does not need it, and on a phone network its 38 KB went out before page 1's image;
 * the browser fetches it when a typed signature is first shown.
 */
export const scriptFont = localFont({
  src: "../../lib/pdf/fonts/DancingScript-Regular.otf",
  display: "swap",
  preload: false,
  fallback: ["cursive"],
  variable: "--font-signature",
});
