import { z } from "zod";
import { zApiKey, zCreateApiKey, zCreatedApiKey, zMcpCall, zMcpCallsQuery } from "./api-keys";
import { zIdParams } from "./common";
import { defineOperation } from "./operation";
import { signingOps } from "./ops-signing";
import { anchorOps } from "./ops-anchors";
import { templatesOps } from "./ops-templates";
import { verifyOps } from "./ops-verify";
import { embedOps } from "./ops-embed";
import { publicLinkOps } from "./ops-public-links";
import { bulkOps } from "./bulk-ops";
import { sendSettingsOps } from "./ops-send-settings";
import {
  zAddDocument,
  zAddFields,
  zDeleteDocumentQuery,
  zDocumentDownloadQuery,
  zAttachmentParams,
  zDocumentParams,
  zRequestDocument,
  zUpdateDocument,
  zAddRecipient,
  zCreateRequest,
  zField,
  zFieldParams,
  zListRequestsQuery,
  zRecipient,
  zRecipientParams,
  zRequestList,
  zSignatureRequest,
  zUpdateField,
  zUpdateRecipient,
} from "./requests";

const SR = "/api/v1/enterprise/signature-requests";
const deleted = z.object({ id: z.uuid(), deleted: z.literal(true) });

/**
 * Every operation of the API, in one place: the routes validate with these schemas, and
 * /api/v1/openapi.json is generated from them.
 */
export const ops = {
  createApiKey: defineOperation({
    method: "POST",
    path: "/api/v1/api-keys",
    tag: "API keys",
    summary: "Create an API key (the full key is returned once)",
    body: zCreateApiKey,
    success: { status: 201, description: "Created", data: zCreatedApiKey },
    errors: [],
  }),
  listApiKeys: defineOperation({
    method: "GET",
    path: "/api/v1/api-keys",
    tag: "API keys",
    summary: "List the organization's keys visible to this key",
    success: { status: 200, description: "The keys", data: z.object({ items: z.array(zApiKey) }) },
    errors: [],
  }),
  revokeApiKey: defineOperation({
    method: "DELETE",
    path: "/api/v1/api-keys/{id}",
    tag: "API keys",
    summary: "Revoke an API key",
    params: zIdParams,
    success: { status: 200, description: "Revoked", data: zApiKey },
    errors: [],
  }),
  listMcpCalls: defineOperation({
    method: "GET",
    path: "/api/v1/api-keys/{id}/mcp-calls",
    tag: "API keys",
    summary: "The newest calls an agent made with a key through the MCP server (?limit, 1–200, default 50)",
    params: zIdParams,
    query: zMcpCallsQuery,
    success: { status: 200, description: "The calls, newest first", data: z.object({ items: z.array(zMcpCall) }) },
    errors: [],
  }),
  createRequest: defineOperation({
    method: "POST",
    path: SR,
    tag: "Signature requests",
    summary: "Create a DRAFT signature request from one or several PDFs",
    description:
      "Multipart parts: `file` (or `documentFile`: repeat it for several documents, read in the order given), `title`, `delivery_mode`, `locale`, `timezone`, `dateFormat`, and the send " +
      "settings `subject`, `message`, `replyTo`, `expiresAt` or `expiryDays`, and `reminders` as JSON " +
      '(`{"firstAfterDays":2,"everyDays":3,"max":2}` or `null`). Expiry and reminders not given: the organization\'s defaults ' +
      "(GET /settings/sending), else EXPIRY_DAYS and no reminders.",
    multipart: true,
    repeatedParts: ["file", "documentFile"],
    body: zCreateRequest,
    success: { status: 201, description: "Created", data: zSignatureRequest },
    errors: [422],
  }),
  listRequests: defineOperation({
    method: "GET",
    path: SR,
    tag: "Signature requests",
    summary: "List signature requests, newest first (cursor pagination)",
    query: zListRequestsQuery,
    success: { status: 200, description: "A page of requests", data: zRequestList },
    errors: [],
  }),
  getRequest: defineOperation({
    method: "GET",
    path: `${SR}/{id}`,
    tag: "Signature requests",
    summary: "Read a signature request with its document, recipients and fields",
    params: zIdParams,
    success: { status: 200, description: "The request", data: zSignatureRequest },
    errors: [],
  }),
  deleteRequest: defineOperation({
    method: "DELETE",
    path: `${SR}/{id}`,
    tag: "Signature requests",
    summary: "Delete a DRAFT",
    params: zIdParams,
    success: { status: 200, description: "Deleted", data: deleted },
    errors: [409],
  }),
  getDocument: defineOperation({
    method: "GET",
    path: `${SR}/{id}/document`,
    tag: "Signature requests",
    summary: "Download the first document's current PDF, or (?all=1) every document in one zip",
    params: zIdParams,
    query: zDocumentDownloadQuery,
    success: { status: 200, description: "The PDF bytes (a zip with ?all=1)", content: ["application/pdf", "application/zip"] },
    errors: [],
  }),
  addDocument: defineOperation({
    method: "POST",
    path: `${SR}/{id}/documents`,
    tag: "Documents",
    summary: "Add a PDF to a DRAFT as another document",
    description:
      "Multipart parts: `file` (the PDF, judged and stored as an upload is), `name` (else the file's name), `order` (else last). " +
      "Limits: MAX_DOCUMENTS documents, MAX_REQUEST_MB and MAX_REQUEST_PAGES for the documents together.",
    params: zIdParams,
    multipart: true,
    body: zAddDocument,
    success: { status: 201, description: "Added", data: zRequestDocument },
    errors: [409, 422],
  }),
  getRequestDocument: defineOperation({
    method: "GET",
    path: `${SR}/{id}/documents/{documentId}`,
    tag: "Documents",
    summary: "Download one document's current PDF (application/pdf)",
    params: zDocumentParams,
    success: { status: 200, description: "The PDF bytes", content: "application/pdf" },
    errors: [],
  }),
  getRequestAttachment: defineOperation({
    method: "GET",
    path: `${SR}/{id}/attachments/{attachmentId}`,
    tag: "Documents",
    summary: "Download a file a signer attached (as kept: a PDF, PNG or JPEG, always as an attachment)",
    params: zAttachmentParams,
    success: { status: 200, description: "The file's bytes", content: ["application/pdf", "image/png", "image/jpeg"] },
    errors: [],
  }),
  updateDocument: defineOperation({
    method: "PATCH",
    path: `${SR}/{id}/documents/{documentId}`,
    tag: "Documents",
    summary: "Rename a document of a DRAFT, or move it to another place",
    params: zDocumentParams,
    body: zUpdateDocument,
    success: { status: 200, description: "Changed", data: zRequestDocument },
    errors: [409],
  }),
  deleteDocument: defineOperation({
    method: "DELETE",
    path: `${SR}/{id}/documents/{documentId}`,
    tag: "Documents",
    summary: "Remove a document from a DRAFT (with its fields when ?removeFields=true)",
    params: zDocumentParams,
    query: zDeleteDocumentQuery,
    success: { status: 200, description: "Removed", data: deleted },
    errors: [409],
  }),
  getAudit: defineOperation({
    method: "GET",
    path: `${SR}/{id}/audit`,
    tag: "Signature requests",
    summary: "The audit trail of a request",
    params: zIdParams,
    success: {
      status: 200,
      description: "Events, oldest first",
      data: z.object({
        items: z.array(
          z.object({
            id: z.uuid(),
            type: z.string(),
            actor: z.string().describe('"api-key:<prefix>", "staff:<id>", "recipient:<id>" or "system"'),
            actorLabel: z
              .string()
              .nullable()
              .describe('How to show the actor when the id does not say it: "Ann Lee <ann@example.com> (staff)"'),
            ip: z.string().nullable(),
            userAgent: z.string().nullable(),
            data: z.record(z.string(), z.unknown()),
            createdAt: z.string(),
          }),
        ),
      }),
    },
    errors: [],
  }),
  sendRequest: defineOperation({
    method: "POST",
    path: `${SR}/{id}/send`,
    tag: "Signature requests",
    summary: "Send a DRAFT: IN_PROGRESS, and the first signers are invited by e-mail",
    description:
      "A production send by a key whose sends need approval (`sendsNeedApproval`) is not sent: it is checked as a send, then waits for a staff member's approval (202, `awaitingApproval: true`); the request cannot change meanwhile (409 REQUEST_AWAITING_APPROVAL). Approved, it is sent as it stood (webhook signature_request.sent); rejected, it is a DRAFT again (webhook signature_request.approval_rejected with the reason).",
    params: zIdParams,
    success: { status: 200, description: "Sent", data: zSignatureRequest },
    otherSuccesses: [{ status: 202, description: "Waiting for a staff member's approval", data: zSignatureRequest }],
    errors: [409, 422],
  }),
  cancelRequest: defineOperation({
    method: "POST",
    path: `${SR}/{id}/cancel`,
    tag: "Signature requests",
    summary: "Cancel an IN_PROGRESS request; signing links stop working",
    params: zIdParams,
    body: z.object({ reason: z.string().max(1000).optional() }),
    bodyOptional: true,
    success: { status: 200, description: "Cancelled", data: zSignatureRequest },
    errors: [409],
  }),
  addRecipient: defineOperation({
    method: "POST",
    path: `${SR}/{id}/recipients`,
    tag: "Recipients",
    summary: "Add a recipient to a DRAFT (order or signingOrder: same order = parallel)",
    params: zIdParams,
    body: zAddRecipient,
    success: { status: 201, description: "Added", data: zRecipient },
    errors: [409, 422],
  }),
  updateRecipient: defineOperation({
    method: "PATCH",
    path: `${SR}/{id}/recipients/{recipientId}`,
    tag: "Recipients",
    summary: "Change a recipient of a DRAFT",
    params: zRecipientParams,
    body: zUpdateRecipient,
    success: { status: 200, description: "Changed", data: zRecipient },
    errors: [409, 422],
  }),
  deleteRecipient: defineOperation({
    method: "DELETE",
    path: `${SR}/{id}/recipients/{recipientId}`,
    tag: "Recipients",
    summary: "Remove a recipient (and its fields) from a DRAFT",
    params: zRecipientParams,
    success: { status: 200, description: "Removed", data: deleted.extend({ fieldsRemoved: z.number().int() }) },
    errors: [409],
  }),
  addFields: defineOperation({
    method: "POST",
    path: `${SR}/{id}/fields`,
    tag: "Fields",
    summary: "Add fields by coordinates (points from the top-left of the displayed page): one field or { fields: [...] }",
    params: zIdParams,
    body: zAddFields,
    success: { status: 201, description: "Added", data: z.object({ fields: z.array(zField) }) },
    errors: [409, 422],
  }),
  updateField: defineOperation({
    method: "PATCH",
    path: `${SR}/{id}/fields/{fieldId}`,
    tag: "Fields",
    summary: "Move, resize or change a field of a DRAFT",
    params: zFieldParams,
    body: zUpdateField,
    success: { status: 200, description: "Changed", data: zField },
    errors: [409, 422],
  }),
  deleteField: defineOperation({
    method: "DELETE",
    path: `${SR}/{id}/fields/{fieldId}`,
    tag: "Fields",
    summary: "Remove a field from a DRAFT",
    params: zFieldParams,
    success: { status: 200, description: "Removed", data: deleted },
    errors: [409],
  }),
  ...signingOps,
  ...anchorOps,
  ...templatesOps,
  ...verifyOps,
  ...embedOps,
  ...publicLinkOps,
  ...bulkOps,
  ...sendSettingsOps,
};

export type OperationName = keyof typeof ops;
