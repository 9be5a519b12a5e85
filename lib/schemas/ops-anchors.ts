import { z } from "zod";
import { zIdParams } from "./common";
import { defineOperation } from "./operation";
import { zField } from "./requests";
import { zAnchorFieldsBody, zOccurrence, zPreviewAnchors, zStampImage, zTextReplacements } from "./anchors";

const SR = "/api/v1/enterprise/signature-requests";
const fieldsResult = z.object({
  fields: z.array(zField),
  skipped: z.array(z.object({ anchorKey: z.string(), page: z.number().int(), reason: z.string() })),
});
const anchorFieldsDescription =
  "Body { recipientId, signerRef } (unified {{sN|…}} anchors of that signer) or { fields: [{ anchorKey, type, recipientId, xOffset, yOffset, width, height, occurrenceIndex? }] } (literal and {{signet:…}} anchors); both spellings take both bodies.";
const stamped = z.object({
  anchorKey: z.string(),
  page: z.number().int(),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
  drawn: zOccurrence,
  documentVersion: z.number().int(),
  sha256: z.string(),
});

export const anchorOps = {
  previewAnchors: defineOperation({
    method: "POST",
    path: `${SR}/{id}/anchors/preview`,
    tag: "Anchors",
    summary: "Confirm anchors are in the PDF text layer (or list every {{…}} anchor, parsed, with positions)",
    params: zIdParams,
    body: zPreviewAnchors,
    bodyOptional: true,
    success: { status: 200, description: "Anchors and where they are" },
    errors: [400, 401, 403, 404, 422, 429],
  }),
  anchorFields: defineOperation({
    method: "POST",
    path: `${SR}/{id}/fields/anchors`,
    tag: "Anchors",
    summary: "Create fields from anchors (unified format)",
    description: anchorFieldsDescription,
    params: zIdParams,
    body: zAnchorFieldsBody,
    success: { status: 201, description: "Fields created; what was not placed is in skipped", data: fieldsResult },
    errors: [400, 401, 403, 404, 409, 422, 429],
  }),
  anchoredFields: defineOperation({
    method: "POST",
    path: `${SR}/{id}/fields/anchored`,
    tag: "Anchors",
    summary: "Create fields from literal or legacy anchors with offsets (on a request, or on a PDF template)",
    description: anchorFieldsDescription,
    params: zIdParams,
    body: zAnchorFieldsBody,
    success: { status: 201, description: "Fields created", data: fieldsResult },
    errors: [400, 401, 403, 404, 409, 422, 429],
  }),
  stampImage: defineOperation({
    method: "POST",
    path: `${SR}/{id}/fields/anchors/image`,
    tag: "Anchors",
    summary: "Stamp a PNG or JPEG at an anchor (FIT, FILL or STRETCH); DRAFT only; a new document version",
    params: zIdParams,
    multipart: true,
    body: zStampImage,
    success: { status: 200, description: "Stamped", data: stamped },
    errors: [400, 401, 403, 404, 409, 413, 415, 422, 429],
  }),
  stampImageLegacy: defineOperation({
    method: "POST",
    path: `${SR}/{id}/fields/anchored/image`,
    tag: "Anchors",
    summary: "Stamp an image at an anchor (the legacy spelling of /fields/anchors/image)",
    params: zIdParams,
    multipart: true,
    body: zStampImage,
    success: { status: 200, description: "Stamped", data: stamped },
    errors: [400, 401, 403, 404, 409, 413, 415, 422, 429],
  }),
  replaceText: defineOperation({
    method: "POST",
    path: `${SR}/{id}/anchors/text-replacements`,
    tag: "Anchors",
    summary: "Replace fixed text at anchors: the box is painted white and the text drawn in it; all or nothing",
    params: zIdParams,
    body: zTextReplacements,
    success: {
      status: 200,
      description: "Replaced",
      data: z.object({
        replacements: z.array(
          z.object({
            anchorKey: z.string(),
            page: z.number().int(),
            x: z.number(),
            y: z.number(),
            width: z.number(),
            height: z.number(),
          }),
        ),
        documentVersion: z.number().int(),
        sha256: z.string(),
      }),
    },
    errors: [400, 401, 403, 404, 409, 422, 429],
  }),
};
