import "server-only";
import type { z } from "zod";
import type { zAnchorFieldsBody } from "@/lib/schemas/anchors";
import type { KeyAuth } from "../auth/authenticate";
import { getDb } from "../db";
import { isVisibleTemplate } from "../templates/find-template";
import { addTemplateAnchoredFields } from "../templates/add-template-anchored-fields";
import { placeAnchoredFields, placeUnifiedAnchors } from "./place-anchor-fields";

/**
 * Both spellings (/fields/anchors, /fields/anchored) take both bodies; the body says which it is.
 * The id may also be a PDF template's (spec 4.6): then the fields are stored on the template, for
 * signer references s1, s2, … instead of recipients.
 */
export async function placeFieldsFromAnchors(auth: KeyAuth, id: string, body: z.infer<typeof zAnchorFieldsBody>) {
  if (await isVisibleTemplate(await getDb(), auth, id)) return addTemplateAnchoredFields(auth, id, body);
  return "fields" in body
    ? placeAnchoredFields(auth, id, body.fields)
    : placeUnifiedAnchors(auth, id, body.recipientId, body.signerRef, body.documentId, body.sizes);
}
