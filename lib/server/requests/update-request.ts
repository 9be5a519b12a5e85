import "server-only";
import { and, eq } from "drizzle-orm";
import type { UpdateRequest } from "@/lib/schemas/requests";
import type { KeyAuth } from "../auth/authenticate";
import { getDb } from "../db";
import { signatureRequests } from "../db/schema";
import { oneRow } from "../db/rows";
import { clock } from "../clock";
import { keyActor, recordEvent } from "../audit/record-event";
import { assertDraft } from "../model/request-state";
import { findVisibleRequest } from "../model/request-queries";
import { loadRequestDto } from "../model/request-dto";
import { sendSettingsChanges, toSendSettingsDto } from "../model/send-settings";

/**
 * PATCH /signature-requests/{id}: a DRAFT's title, language, time zone, date format and send
 * settings, only what the body gives. Any other status: 409 REQUEST_NOT_DRAFT, and nothing changes (what was
 * sent is what its recipients were told). Audited as `request.updated` with the fields given.
 */
export async function updateRequest(auth: KeyAuth, id: string, input: UpdateRequest) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const req = await findVisibleRequest(tx, auth, id, { forUpdate: true });
    assertDraft(req, "changing its settings");
    const now = clock.now();
    const updated = oneRow(
      await tx
        .update(signatureRequests)
        .set({
          ...(input.title !== undefined && { title: input.title }),
          ...(input.locale !== undefined && { locale: input.locale }),
          ...(input.timezone !== undefined && { timezone: input.timezone }),
          ...(input.dateFormat !== undefined && { dateFormat: input.dateFormat }),
          ...sendSettingsChanges(input, now),
          updatedAt: now,
        })
        // The row is locked and a DRAFT; the condition says so again for whoever reads this statement alone.
        .where(and(eq(signatureRequests.id, req.id), eq(signatureRequests.status, "DRAFT")))
        .returning(),
      "the updated signature request",
    );
    const given = Object.keys(input).filter((k) => input[k as keyof UpdateRequest] !== undefined);
    await recordEvent(tx, req.id, "request.updated", keyActor(auth), {
      fields: given,
      ...(input.title !== undefined && { title: updated.title }),
      ...(input.locale !== undefined && { locale: updated.locale }),
      ...(input.timezone !== undefined && { timezone: updated.timezone }),
      ...(input.dateFormat !== undefined && { dateFormat: updated.dateFormat }),
      sendSettings: toSendSettingsDto(updated),
    });
    return loadRequestDto(tx, updated);
  });
}
