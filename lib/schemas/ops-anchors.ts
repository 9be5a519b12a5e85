import { z } from "zod";
import { zIdParams } from "./common";
import { defineOperation } from "./operation";
import { zField } from "./requests";
import { zTemplateField } from "./templates";
import { zAnchorFieldsBody, zOccurrence, zPreviewAnchors, zStampImage, zTextReplacements } from "./anchors";

const SR = "/api/v1/enterprise/signature-requests";
/** The request's document an anchor was found in (absent on a template's, which has one document). */
const inDocument = z.uuid().describe("The request's document it was found in (`documents[].id`)");
const zSkippedAnchor = z.object({
  anchorKey: z.string(),
  documentId: inDocument.optional(),
  page: z.number().int(),
  reason: z.string(),
  /** Why, for a program: MALFORMED, LEGACY, OTHER_SIGNER (signerRef names whose), IMAGE, ALREADY_PLACED. */
  code: z.enum(["MALFORMED", "LEGACY", "OTHER_SIGNER", "IMAGE", "ALREADY_PLACED"]).optional(),
  /** The signer the anchor is for (OTHER_SIGNER). */
  signerRef: z.string().optional(),
});
/** Fields stored on a PDF template (the id is a template's): what POST …/templates/{id}/fields/anchored answers. */
export const zTemplateFieldsResult = z.object({ fields: z.array(zTemplateField), skipped: z.array(zSkippedAnchor) });
/** Fields placed on a request, or, when the id is a PDF template's, stored on the template. */
const fieldsResult = z.union([z.object({ fields: z.array(zField), skipped: z.array(zSkippedAnchor) }), zTemplateFieldsResult]);
const anchorFieldsDescription =
  "Body { recipientId, signerRef, sizes? } (unified {{sN|…}} anchors of that signer; `sizes` gives chosen anchors' fields another box, as the preview's `layout.fit`) or { fields: [{ anchorKey, type, recipientId, xOffset, yOffset, width, height, occurrenceIndex? }] } (literal and {{signet:…}} anchors); both spellings take both bodies.";
const stamped = z.object({
  anchorKey: z.string(),
  documentId: inDocument,
  page: z.number().int(),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
  drawn: zOccurrence,
  documentVersion: z.number().int(),
  sha256: z.string(),
});

const sized = { signerRef: z.string(), width: z.number(), height: z.number() };
/** An anchor as the grammar parsed it (lib/pdf/anchor-grammar.ts ParsedAnchor). */
const zParsedAnchor = z.discriminatedUnion("type", [
  z.object({ type: z.literal("signature"), ...sized }),
  z.object({
    type: z.literal("text"),
    ...sized,
    maxLength: z.number(),
    fontSize: z.number(),
    label: z.string(),
    placeholder: z.string(),
    required: z.boolean(),
  }),
  z.object({ type: z.literal("date"), ...sized, fontSize: z.number() }),
  z.object({ type: z.literal("image"), ...sized, label: z.string() }),
  z.object({ type: z.literal("checkbox"), ...sized, label: z.string(), required: z.boolean() }),
  z.object({ type: z.literal("radio"), ...sized, group: z.string(), option: z.string(), required: z.boolean() }),
  z.object({
    type: z.literal("dropdown"),
    ...sized,
    fontSize: z.number(),
    options: z.array(z.string()),
    label: z.string(),
    required: z.boolean(),
  }),
  z.object({
    type: z.literal("number"),
    ...sized,
    fontSize: z.number(),
    label: z.string(),
    required: z.boolean(),
    min: z.number().optional(),
    max: z.number().optional(),
    decimals: z.number().optional(),
  }),
  z.object({ type: z.enum(["name", "email"]), ...sized, fontSize: z.number() }),
  z.object({ type: z.literal("legacy"), name: z.string() }),
]);
const box = { page: z.number().int(), x: z.number(), y: z.number(), width: z.number(), height: z.number() };
const rect = { x: z.number(), y: z.number(), width: z.number(), height: z.number() };
/**
 * Beside the spec's shape, on each listed anchor that makes a field (lib/pdf/anchor-fit.ts): where its field
 * lies, what that box covers, and the box that fits the text line the anchor is on.
 */
const zAnchorLayout = z
  .object({
    field: z
      .object({
        ...rect,
        fontSize: z.number().optional(),
        placedFieldId: z.uuid().optional().describe("The field already placed at this anchor, whose box this is"),
      })
      .describe("The box judged: the field placed at the anchor, else the one the anchor asks for"),
    covers: z.object({
      text: z
        .array(z.object({ text: z.string(), ...rect }))
        .describe("Text under the field, one entry per line (a `{{…}}` token's own text is not counted: the seal removes it)"),
      anchors: z.array(z.string()).describe("Other anchors (by their text) whose fields this one overlaps"),
      fields: z.array(z.uuid()).describe("Fields placed on the page, not at an anchor, that it overlaps"),
    }),
    fit: z
      .object({ width: z.number(), height: z.number(), fontSize: z.number().optional() })
      .nullable()
      .describe(
        "A box at the anchor that fits its line: the line's height, as wide as the room up to the next text, field or page margin; place it with `sizes` on /fields/anchors. Null off a left-to-right line",
      ),
  })
  .describe("Where the field lies on the page: what it covers, and the box that fits its line");
/** The documents searched, in order, with the version of each that was searched. */
const searched = {
  documentVersion: z.number().int().describe("The version searched of the first document searched"),
  documents: z.array(z.object({ documentId: z.uuid(), name: z.string(), documentVersion: z.number().int() })),
};
/** The two answers of the preview: the given anchors and where each is, or (no anchors given) every {{…}} anchor parsed. */
const zAnchorPreview = z.union([
  z.object({
    ...searched,
    anchors: z.array(
      z.object({
        anchorKey: z.string(),
        found: z.boolean(),
        occurrences: z.array(z.object({ documentId: inDocument, ...box })),
      }),
    ),
    missing: z.array(z.string()),
  }),
  z.object({
    ...searched,
    anchors: z.array(
      z.union([
        z.object({
          anchorKey: z.string(),
          documentId: inDocument,
          ...box,
          valid: z.literal(true),
          anchor: zParsedAnchor,
          layout: zAnchorLayout.optional(),
        }),
        z.object({ anchorKey: z.string(), documentId: inDocument, ...box, valid: z.literal(false), reason: z.string() }),
      ]),
    ),
    signerRefs: z.array(z.string()),
    malformed: z.number().int(),
  }),
]);

export const anchorOps = {
  previewAnchors: defineOperation({
    method: "POST",
    path: `${SR}/{id}/anchors/preview`,
    tag: "Anchors",
    summary: "Confirm anchors are in the PDF text layer (or list every {{…}} anchor, parsed, with positions)",
    params: zIdParams,
    body: zPreviewAnchors,
    bodyOptional: true,
    success: { status: 200, description: "Anchors and where they are", data: zAnchorPreview },
    errors: [422],
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
    errors: [409, 422],
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
    errors: [409, 422],
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
    errors: [409, 422],
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
    errors: [409, 422],
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
            documentId: inDocument,
            page: z.number().int(),
            x: z.number(),
            y: z.number(),
            width: z.number(),
            height: z.number(),
          }),
        ),
        documentVersion: z.number().int().describe("The new version of the first document changed"),
        sha256: z.string().describe("Its SHA-256"),
        documents: z.array(z.object({ documentId: z.uuid(), documentVersion: z.number().int(), sha256: z.string() })),
      }),
    },
    errors: [409, 422],
  }),
};
