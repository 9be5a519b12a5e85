/**
 * The tricks' fixtures sealed by Signet's engine (test/support/pdf-tricks.ts writes the tricks; this file
 * seals, so that the tricks themselves stay free of the engine for the Playwright suite).
 */
import { describeTrickBase, trickBasePdf, type TrickBase } from "./pdf-tricks";
import { testP12 } from "./seal-fixtures";
import { canonicalPdf } from "../../lib/pdf/canonical";
import { sealDocument } from "../../lib/pdf/seal";

/** `pdf` stored in its one reading and sealed by Signet's engine with the test certificate (no fields, no recipients). */
export async function sealedForTest(pdf: Uint8Array, requestId: string): Promise<Uint8Array> {
  const { pdf: stored } = await canonicalPdf(pdf);
  const { sealed } = await sealDocument(stored, {
    fields: [],
    certificate: { requestId, title: "One reading", environment: "PRODUCTION", recipients: [] },
    ...testP12(),
  });
  return sealed;
}

/** The trick base (trickBasePdf), sealed, and what the tricks need to know of it. */
export async function sealedTrickBase(requestId: string): Promise<{ sealed: Uint8Array; base: TrickBase }> {
  const sealed = await sealedForTest(await trickBasePdf(), requestId);
  return { sealed, base: await describeTrickBase(sealed) };
}
