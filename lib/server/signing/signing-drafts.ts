import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import type { zSigningDraft } from "@/lib/schemas/signing";
import type { Queryable } from "../db";
import { signerDrafts, signerFiles, type recipients, type signatureRequests } from "../db/schema";
import { signerFileDto } from "./signer-files";

type RecipientRow = typeof recipients.$inferSelect;
type RequestRow = typeof signatureRequests.$inferSelect;
export type SigningDraftDto = z.output<typeof zSigningDraft>;

/**
 * Whether a recipient's saved values may be served or saved: a SIGNER whose turn it is (invited, SENT
 * or VIEWED) in a request IN_PROGRESS. Once they sign or decline, or the request ends, they are not, and
 * the state machine's move has dropped them (model/signer-leftovers.ts).
 */
export const mayKeepDrafts = (r: Pick<RecipientRow, "role" | "status">, req: Pick<RequestRow, "status">) =>
  req.status === "IN_PROGRESS" && r.role === "SIGNER" && (r.status === "SENT" || r.status === "VIEWED");

/** The values this recipient saved, as the signer's view serves them (none unless they may still sign). */
export async function loadSigningDrafts(db: Queryable, r: RecipientRow, req: RequestRow): Promise<SigningDraftDto[]> {
  if (!mayKeepDrafts(r, req)) return [];
  const rows = await db.select().from(signerDrafts).where(eq(signerDrafts.recipientId, r.id)).orderBy(asc(signerDrafts.fieldId));
  // Files saved by id are served with what the page shows of them.
  const ids = rows.flatMap(({ value }) => ("files" in value ? value.files : []));
  const files = new Map(
    (ids.length
      ? await db
          .select()
          .from(signerFiles)
          .where(and(eq(signerFiles.recipientId, r.id), inArray(signerFiles.id, ids)))
      : []
    ).map((f) => [f.id, signerFileDto(f)]),
  );
  return rows.map(({ fieldId, value, updatedAt }) => ({
    fieldId,
    ...("image" in value
      ? { image: `data:${value.mime};base64,${value.image}` }
      : "files" in value
        ? { files: value.files.flatMap((id) => files.get(id) ?? []) }
        : value),
    savedAt: updatedAt.toISOString(),
  }));
}
