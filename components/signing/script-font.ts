import localFont from "next/font/local";

/**
 * The script face typed signatures are shown in: the same Dancing Script file the sealing engine
 * draws them with, so what the signer previews is what the sealed PDF carries.
 */
export const scriptFont = localFont({
  src: "../../lib/pdf/fonts/DancingScript-Regular.otf",
  display: "swap",
  fallback: ["cursive"],
  variable: "--font-signature",
});
