import { z } from "zod";
import { zFile } from "./common";
import { fieldInputShape, refineFieldRules } from "./fields";
import { fieldShape } from "./requests";

const anchorKey = z.string({ error: "anchorKey is required" }).min(1, { error: "anchorKey is required" }).max(500);
const occurrenceIndex = z.number().int().min(0).max(100000).optional();
const pts = (what: string) => z.number({ error: `${what} must be a number of points` }).finite();

/** The request's document to search; every document, in order, when left out. */
const documentId = fieldShape.documentId.describe(
  "The request's document to search (`documents[].id`); all of them when left out",
);

export const zPreviewAnchors = z.object({
  anchors: z.array(z.object({ anchorKey })).max(1000).optional(),
  documentId,
});

/**
 * A box for the field of one unified anchor, in place of the one its text asks for (the preview's
 * `layout.fit`, "Fit to the line"): the anchor by its text and occurrence, counted as `occurrenceIndex`
 * counts across the documents searched.
 */
export const zAnchorSize = z.object({
  anchorKey,
  occurrenceIndex,
  width: pts("width").positive().max(14400),
  height: pts("height").positive().max(14400),
  fontSize: z.number({ error: "fontSize must be a number of points" }).min(4).max(96).optional(),
});

export const zUnifiedAnchors = z.object({
  recipientId: fieldShape.recipientId,
  documentId,
  signerRef: z
    .string()
    .regex(/^s\d{1,3}$/, { error: "signerRef is s1, s2, …" })
    .default("s1"),
  sizes: z
    .array(zAnchorSize)
    .max(1000)
    .optional()
    .describe("Boxes for chosen anchors' fields instead of the anchors' own sizes (the preview's `layout.fit`)"),
});

const { type, page: _page, x: _x, y: _y, width: _width, height: _height, name, ...properties } = fieldInputShape;
/**
 * The shape of one /fields/anchored item, before the type rules (a template's extends it): a request's
 * field (./requests) placed by an anchor and offsets instead of page, x and y.
 */
export const anchoredFieldShape = {
  anchorKey,
  type,
  recipientId: fieldShape.recipientId,
  documentId,
  xOffset: pts("xOffset").min(-14400).max(14400).default(0),
  yOffset: pts("yOffset").min(-14400).max(14400).default(0),
  width: pts("width").positive().max(14400),
  height: pts("height").positive().max(14400),
  name,
  occurrenceIndex,
  ...properties,
};
export const zAnchoredField = z.object(anchoredFieldShape).superRefine(refineFieldRules);
export const zAnchoredFields = z.object({ fields: z.array(zAnchoredField).min(1).max(1000) });

/** Either spelling of the anchor endpoints takes either body: { recipientId, signerRef } or { fields: [...] }. */
export const zAnchorFieldsBody = z.union([zAnchoredFields, zUnifiedAnchors]);

const num = (what: string) =>
  z.coerce
    .number({ error: `${what} must be a number of points` })
    .finite()
    .positive({ error: `${what} must be greater than 0` })
    .max(14400);
export const zStampImage = z.object({
  anchorKey,
  width: num("width"),
  height: num("height"),
  sizingMode: z.enum(["FIT", "FILL", "STRETCH"], { error: "sizingMode is FIT, FILL or STRETCH" }).default("FIT"),
  occurrenceIndex: z.coerce.number().int().min(0).max(100000).optional(),
  documentId,
  image: zFile,
});

export const zTextReplacements = z.object({
  replacements: z
    .array(
      z.object({
        anchorKey,
        text: z.string().max(20000),
        width: pts("width").positive().max(14400),
        height: pts("height").positive().max(14400),
        fontSize: z.number({ error: "fontSize must be a number of points" }).min(2).max(400),
        occurrenceIndex,
      }),
    )
    .min(1)
    .max(200),
  documentId,
});

export const zOccurrence = z.object({
  page: z.number().int(),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
});
