import "server-only";
import { z } from "zod";
import { ops } from "@/lib/schemas/operations";
import { operationScopes } from "@/lib/schemas/operation-scopes";
import type { Scope } from "@/lib/schemas/scopes";
import { sendOrAsk } from "../approvals/send-approvals";
import { cancelRequest } from "../requests/cancel-request";
import { listRequests } from "../requests/list-requests";
import { readRequestDto } from "../requests/read-request";
import { remindRequest } from "../requests/remind-request";
import { draftFromTemplate } from "../templates/draft-from-template";
import { getTemplate } from "../templates/get-template";
import { listTemplates } from "../templates/list-templates";
import { DRAFT_TOOLS } from "./draft-tools";
import { madeRequest, opBody, requestId, tool, type McpTool } from "./tool";

export type { McpTool } from "./tool";

const id = z.object({ id: z.string().max(100).describe("The signature request's id") });

/**
 * Every tool, in the order an agent meets them: find, read, draft (from a template or from PDFs), recipients and
 * fields, send and follow, download.
 */
export const MCP_TOOLS: McpTool[] = [
  tool({
    name: "search_requests",
    title: "Search signature requests",
    description:
      "Signature requests of this key's organization and environment, newest first: filter by status, by text in the title or a recipient's name or address (q), page with the cursor.",
    operation: "listRequests",
    readOnly: true,
    input: opBody(ops.listRequests.query),
    run: async (auth, q) => ({ data: await listRequests(auth, q), message: "Signature requests" }),
  }),
  tool({
    name: "get_request",
    title: "Read a signature request",
    description:
      "One signature request: its status, documents, recipients (who has signed), fields and, when its send waits, the approval.",
    operation: "getRequest",
    readOnly: true,
    input: id,
    request: requestId,
    run: async (auth, { id }) => ({ data: await readRequestDto(auth, id), message: "Signature request" }),
  }),
  tool({
    name: "search_templates",
    title: "Search templates",
    description: "Templates of this key's organization and environment, newest first, with their roles (page with the cursor).",
    operation: "listTemplates",
    readOnly: true,
    input: opBody(ops.listTemplates.query),
    run: async (auth, q) => ({ data: await listTemplates(auth, q), message: "Templates" }),
  }),
  tool({
    name: "get_template",
    title: "Read a template",
    description: "One template: its documents, roles, DOCX placeholders (templateData), anchors and stored fields.",
    operation: "getTemplate",
    readOnly: true,
    input: z.object({ id: z.string().max(100).describe("The template's id") }),
    run: async (auth, { id }) => ({ data: await getTemplate(auth, id), message: "Template" }),
  }),
  tool({
    name: "create_request_from_template",
    title: "Draft a request from a template",
    description:
      "A DRAFT signature request from a template: recipients by the template's roles, a DOCX template's placeholders filled from templateData. Nothing is sent: send_request does that.",
    operation: "useTemplate",
    readOnly: false,
    request: madeRequest,
    input: z.object({
      templateId: z.string().max(100).describe("The template's id"),
      draft: opBody(ops.useTemplate.body).describe("What POST …/signature-requests/templates/{templateId}/use takes"),
    }),
    run: async (auth, { templateId, draft }) => ({
      data: await draftFromTemplate(auth, templateId, draft as never),
      message: "Signature request created from the template",
    }),
  }),
  tool({
    name: "send_request",
    title: "Send a signature request",
    description:
      "Sends a DRAFT: its first signers are e-mailed. In production a send made through MCP waits for a staff member's approval (the answer says awaitingApproval) unless the key was made to send directly.",
    operation: "sendRequest",
    readOnly: false,
    request: requestId,
    input: id,
    run: async (auth, { id }) => {
      const { waiting, request } = await sendOrAsk(auth, id, "mcp");
      return { data: request, message: waiting ? "The send waits for a staff member's approval" : "Signature request sent" };
    },
  }),
  tool({
    name: "remind_request",
    title: "Remind the signers",
    description: "E-mails a reminder to every recipient whose turn it is on a sent request.",
    operation: "remindRequest",
    readOnly: false,
    request: requestId,
    input: id,
    run: async (auth, { id }) => ({ data: await remindRequest(auth, id), message: "Reminders queued" }),
  }),
  tool({
    name: "cancel_request",
    title: "Cancel a signature request",
    description: "Cancels a sent request (its recipients are told); optionally with a reason.",
    operation: "cancelRequest",
    readOnly: false,
    request: requestId,
    input: id.extend({ reason: z.string().max(1000).optional() }),
    run: async (auth, { id, reason }) => ({
      data: await cancelRequest(auth, id, reason),
      message: "Signature request cancelled",
    }),
  }),
  ...DRAFT_TOOLS,
];

/** The scopes a tool needs: its operation's. */
export const toolScopes = (t: McpTool): readonly Scope[] => operationScopes[t.operation];
