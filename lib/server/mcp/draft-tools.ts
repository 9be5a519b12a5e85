import "server-only";
import { z } from "zod";
import { ops } from "@/lib/schemas/operations";
import { requestLocaleShape } from "@/lib/schemas/locale";
import { MAX_FILE_PARTS, zFieldInput, zTitle } from "@/lib/schemas/requests";
import { ONE_EXPIRY, oneExpiry, sendSettingsJsonShape } from "@/lib/schemas/send-settings";
import { placeFieldsFromAnchors } from "../anchors/anchor-fields-route";
import { previewAnchors } from "../anchors/preview-anchors";
import { readDocumentFile } from "../documents/document-service";
import { getDb } from "../db";
import { AppError } from "../errors";
import { findVisibleRequest } from "../model/request-queries";
import { addFields } from "../fields/place-fields";
import { addRecipient } from "../recipients/manage-recipients";
import { createRequest } from "../requests/create-request";
import { readRequestDto } from "../requests/read-request";
import { REQUEST_DOCUMENTS } from "../requests/request-documents";
import { madeRequest, opBody, requestId, tool, type McpFile, type McpTool } from "./tool";

/** A document an agent hands over: its name and its bytes in base64 (MCP carries JSON only). */
const zUploadedPdf = z.object({
  name: z.string().min(1).max(200).describe("The file's name, e.g. contract.pdf"),
  contentBase64: z.base64({ error: "contentBase64 must be the PDF's bytes in base64" }).describe("The PDF's bytes, base64"),
});

/** Documents a download answers with inside the tool's answer; above it, links to read each as a resource. */
const EMBED_LIMIT = 20 * 1024 * 1024;

export const documentUri = (requestId: string, documentId: string) => `signet://requests/${requestId}/documents/${documentId}`;

/** The drafting tools beyond templates: a draft from PDFs, its recipients and fields, anchors, and the documents. */
export const DRAFT_TOOLS: McpTool[] = [
  tool({
    name: "create_request_from_pdf",
    title: "Draft a request from PDFs",
    description:
      "A DRAFT signature request from one or several PDFs given in base64 (each judged and stored as an upload is). Then add recipients (add_recipient) and fields (place_fields_by_anchors or add_fields), and send it (send_request).",
    operation: "createRequest",
    readOnly: false,
    input: z
      .object({
        title: zTitle,
        documents: z.array(zUploadedPdf).min(1).max(MAX_FILE_PARTS).describe("The PDFs, in order"),
        ...requestLocaleShape,
        ...sendSettingsJsonShape,
      })
      .refine(oneExpiry, ONE_EXPIRY),
    request: madeRequest,
    run: async (auth, { documents, ...rest }) => {
      const file = documents.map((d) => new File([Buffer.from(d.contentBase64, "base64")], d.name, { type: "application/pdf" }));
      return {
        data: await createRequest(auth, { ...rest, delivery_mode: "email", file }),
        message: "Signature request created (DRAFT)",
      };
    },
  }),
  tool({
    name: "add_recipient",
    title: "Add a recipient",
    description:
      "Adds a SIGNER (or CC) to a DRAFT: name, email, and order (the same order for two signers: they sign in parallel).",
    operation: "addRecipient",
    readOnly: false,
    input: z.object({ id: z.string().max(100).describe("The signature request's id"), recipient: opBody(ops.addRecipient.body) }),
    request: requestId,
    run: async (auth, { id, recipient }) => ({
      data: await addRecipient(auth, id, recipient as never),
      message: "Recipient added",
    }),
  }),
  tool({
    name: "add_fields",
    title: "Place fields by coordinates",
    description:
      "Adds fields to a DRAFT at coordinates: points from the top-left of the page as displayed; each names its recipientId, type, page, x, y, width and height.",
    operation: "addFields",
    readOnly: false,
    input: z.object({
      id: z.string().max(100).describe("The signature request's id"),
      fields: z.array(zFieldInput).min(1).max(1000),
    }),
    request: requestId,
    run: async (auth, { id, fields }) => ({ data: await addFields(auth, id, fields), message: "Fields added" }),
  }),
  tool({
    name: "preview_anchors",
    title: "Preview the anchors in the documents",
    description:
      "Finds text anchors in a request's PDF text layer: given anchorKeys, where each is; given none, every {{…}} anchor, parsed, with its page and position. Use it before place_fields_by_anchors.",
    operation: "previewAnchors",
    readOnly: true,
    input: z
      .object({ id: z.string().max(100).describe("The signature request's id") })
      .extend(opBody(ops.previewAnchors.body).shape),
    request: requestId,
    run: async (auth, { id, anchors, documentId }) => ({
      data: await previewAnchors(auth, id, anchors, documentId),
      message: "Anchor preview",
    }),
  }),
  tool({
    name: "place_fields_by_anchors",
    title: "Place fields by text anchors",
    description:
      "Creates fields on a DRAFT where anchor text stands in its PDFs: `placement` is what POST …/fields/anchors takes (unified {{…}} anchors, or literal anchors with offsets). What was not found is listed in skipped.",
    operation: "anchorFields",
    readOnly: false,
    input: z.object({
      id: z.string().max(100).describe("The signature request's id"),
      placement: opBody(ops.anchorFields.body).describe("What POST …/signature-requests/{id}/fields/anchors takes"),
    }),
    request: requestId,
    run: async (auth, { id, placement }) => {
      // The API's route also places anchors on a PDF template; this tool is for requests only.
      await findVisibleRequest(await getDb(), auth, id);
      return { data: await placeFieldsFromAnchors(auth, id, placement as never), message: "Fields placed from anchors" };
    },
  }),
  tool({
    name: "download_documents",
    title: "Download the documents",
    description:
      "A request's documents as PDFs: once it is COMPLETED, each sealed PDF with its certificate of completion at its end; before, the current versions. Give documentId for one document.",
    operation: "getRequestDocument",
    readOnly: true,
    input: z.object({
      id: z.string().max(100).describe("The signature request's id"),
      documentId: z.string().max(100).optional().describe("One document's id (see get_request); else every document"),
    }),
    request: requestId,
    run: async (auth, { id, documentId }) => {
      const request = await readRequestDto(auth, id);
      const wanted = documentId === undefined ? request.documents : request.documents.filter((d) => d.id === documentId);
      if (!wanted.length) throw new AppError("DOCUMENT_NOT_FOUND", "The request has no document with that id");
      const files: McpFile[] = [];
      for (const d of wanted) {
        const f = await readDocumentFile(REQUEST_DOCUMENTS, auth, request.id, d.id);
        files.push({ uri: documentUri(request.id, d.id), name: f.name, type: f.type ?? "application/pdf", bytes: f.bytes });
      }
      const total = files.reduce((n, f) => n + f.bytes.byteLength, 0);
      return {
        data: {
          id: request.id,
          status: request.status,
          sealed: request.status === "COMPLETED",
          documents: files.map((f) => ({ uri: f.uri, name: f.name, bytes: f.bytes.byteLength })),
        },
        message:
          total <= EMBED_LIMIT
            ? `${files.length} document${files.length > 1 ? "s" : ""}`
            : `${files.length} documents, too large to carry in one answer: read each by its URI (resources/read)`,
        files: total <= EMBED_LIMIT ? files : files.map((f) => ({ ...f, linkOnly: true })),
      };
    },
  }),
];
