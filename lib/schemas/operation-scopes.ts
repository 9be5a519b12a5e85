import type { Operation } from "./operation";
import { ops } from "./operations";
import type { Scope } from "./scopes";

type Ops = typeof ops;
/** The operations a key calls (the public ones, scoped by a token in their path, need no scope). */
type KeyedOperation = { [K in keyof Ops]: Ops[K] extends { public: true } ? never : K }[keyof Ops];

/**
 * The scopes each operation needs: all of them. One table, so that a reviewer reads every decision in one place
 * and a new operation cannot be added without one (the type requires every keyed operation). Reading a record
 * and changing it are separate scopes; what reaches people (sending, reminders, signing links, public links) is
 * `requests:send`, so that a key that drafts cannot send.
 */
export const operationScopes: Record<KeyedOperation, readonly Scope[]> = {
  createApiKey: ["keys:manage"],
  listApiKeys: ["keys:manage"],
  revokeApiKey: ["keys:manage"],
  listMcpCalls: ["keys:manage"],

  createRequest: ["requests:write"],
  listRequests: ["requests:read"],
  getRequest: ["requests:read"],
  updateRequest: ["requests:write"],
  deleteRequest: ["requests:write"],
  getDocument: ["requests:read"],
  addDocument: ["requests:write"],
  getRequestDocument: ["requests:read"],
  getRequestAttachment: ["requests:read"],
  updateDocument: ["requests:write"],
  deleteDocument: ["requests:write"],
  getAudit: ["requests:read"],
  addRecipient: ["requests:write"],
  updateRecipient: ["requests:write"],
  deleteRecipient: ["requests:write"],
  addFields: ["requests:write"],
  updateField: ["requests:write"],
  deleteField: ["requests:write"],
  previewAnchors: ["requests:read"],
  anchorFields: ["requests:write"],
  anchoredFields: ["requests:write"],
  stampImage: ["requests:write"],
  stampImageLegacy: ["requests:write"],
  replaceText: ["requests:write"],
  resealRequest: ["requests:write"],

  sendRequest: ["requests:send"],
  cancelRequest: ["requests:send"],
  remindRequest: ["requests:send"],
  resendInvitation: ["requests:send"],
  correctRecipient: ["requests:send"],
  copyRecipientSigningLink: ["requests:send"],
  createSigningUrl: ["requests:send"],

  listOutbox: ["requests:read"],
  getOutboxMessage: ["requests:read"],
  retryUndeliveredMail: ["requests:send"],
  copyOutboxSigningLink: ["requests:send"],

  listTemplates: ["templates:read"],
  getTemplate: ["templates:read"],
  getTemplateDocument: ["templates:read"],
  getTemplateDocumentFile: ["templates:read"],
  getTemplateRoles: ["templates:read"],
  createTemplate: ["templates:write"],
  updateTemplate: ["templates:write"],
  deleteTemplate: ["templates:write"],
  addTemplateDocument: ["templates:write"],
  updateTemplateDocument: ["templates:write"],
  deleteTemplateDocument: ["templates:write"],
  putTemplateRoles: ["templates:write"],
  addTemplateFields: ["templates:write"],
  updateTemplateField: ["templates:write"],
  deleteTemplateField: ["templates:write"],
  templateAnchoredFields: ["templates:write"],
  saveAsTemplate: ["requests:read", "templates:write"],
  useTemplate: ["templates:read", "requests:write"],

  listPublicLinks: ["templates:read"],
  getPublicLink: ["templates:read"],
  publicLinkQr: ["templates:read"],
  // A public link starts and sends requests for whoever opens it.
  createPublicLink: ["templates:write", "requests:send"],
  updatePublicLink: ["templates:write", "requests:send"],
  revokePublicLink: ["templates:write"],

  bulkSend: ["templates:read", "requests:send"],
  listBulkSends: ["requests:read"],
  getBulkSend: ["requests:read"],

  createWebhook: ["webhooks:manage"],
  listWebhooks: ["webhooks:manage"],
  deleteWebhook: ["webhooks:manage"],
  listWebhookDeliveries: ["webhooks:manage"],

  getSendingDefaults: ["settings:manage"],
  updateSendingDefaults: ["settings:manage"],
};

const keyOf = (op: Pick<Operation, "method" | "path">) => `${op.method} ${op.path}`;
const byOperation = new Map<string, readonly Scope[]>(
  Object.entries(operationScopes).map(([name, scopes]) => [keyOf((ops as Record<string, Operation>)[name]!), scopes]),
);

/**
 * The scopes `op` needs (none for a public operation), found by method and path, so that a variant of an operation
 * (the bulk send's JSON body) needs what the operation needs; undefined for one the table does not know.
 */
export function scopesOf(op: Operation): readonly Scope[] | undefined {
  return op.public ? [] : byOperation.get(keyOf(op));
}
