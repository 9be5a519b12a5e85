import "server-only";
import type { z } from "zod";
import type { zAnchorFieldsBody } from "@/lib/schemas/anchors";
import type { KeyAuth } from "../auth/authenticate";
import { placeAnchoredFields, placeUnifiedAnchors } from "./place-anchor-fields";

/** Both spellings (/fields/anchors, /fields/anchored) take both bodies; the body says which it is. */
export function placeFieldsFromAnchors(auth: KeyAuth, id: string, body: z.infer<typeof zAnchorFieldsBody>) {
  return "fields" in body ? placeAnchoredFields(auth, id, body.fields) : placeUnifiedAnchors(auth, id, body.recipientId, body.signerRef);
}
