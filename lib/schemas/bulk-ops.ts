import { zIdParams } from "./common";
import { defineOperation } from "./operation";
import {
  MAX_BULK_ROWS,
  zBulkSend,
  zBulkSendDryRun,
  zBulkSendForm,
  zBulkSendJson,
  zBulkSendList,
  zBulkSendQuery,
  zBulkSendStarted,
  zListBulkSendsQuery,
} from "./bulk";

const sendDescription =
  "multipart/form-data with a CSV in the part `file` (a header row; columns s1.name, s1.email, s2.name, … for each signer reference of the template, " +
  'one per DOCX placeholder, optional title), or application/json { rows: [{ "s1.name": …, "s1.email": …, <placeholder>: … }] }. ' +
  `At most ${MAX_BULK_ROWS} rows (else 422, nothing created). Every row is validated first: invalid rows are reported in errors and kept as FAILED, ` +
  "the others become one request each (fields from the template's stored fields and anchors), sent by the job queue. " +
  "?dryRun=true validates and answers the parsed rows and errors (200) without creating anything.";

export const bulkOps = {
  bulkSend: defineOperation({
    method: "POST",
    path: "/api/v1/enterprise/templates/{id}/bulk-send",
    tag: "Bulk send",
    summary: "Send a template to many recipients: one request per CSV (or JSON) row",
    description: sendDescription,
    params: zIdParams,
    query: zBulkSendQuery,
    multipart: true,
    body: zBulkSendForm,
    success: {
      status: 202,
      description: "Accepted: the bulk send is queued (200 with the preview for a dry run)",
      data: zBulkSendStarted,
    },
    otherSuccesses: [
      { status: 200, description: "Dry run: the parsed rows and their errors; nothing was created", data: zBulkSendDryRun },
    ],
    errors: [422],
  }),
  listBulkSends: defineOperation({
    method: "GET",
    path: "/api/v1/enterprise/bulk-sends",
    tag: "Bulk send",
    summary: "List bulk sends, newest first (cursor pagination)",
    query: zListBulkSendsQuery,
    success: { status: 200, description: "A page of bulk sends", data: zBulkSendList },
    errors: [],
  }),
  getBulkSend: defineOperation({
    method: "GET",
    path: "/api/v1/enterprise/bulk-sends/{id}",
    tag: "Bulk send",
    summary: "A bulk send with each row's status, request id or error",
    params: zIdParams,
    success: { status: 200, description: "The bulk send", data: zBulkSend },
    errors: [],
  }),
};

/**
 * The same operation with a JSON body. Not listed in `ops` (OpenAPI has one entry per path and
 * method; bulkSend's description gives both bodies): the route picks it by Content-Type.
 */
export const bulkSendJsonOp = defineOperation({ ...bulkOps.bulkSend, multipart: false, body: zBulkSendJson });
