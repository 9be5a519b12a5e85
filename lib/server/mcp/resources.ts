import "server-only";
import type { Scope } from "@/lib/schemas/scopes";
import { operationScopes } from "@/lib/schemas/operation-scopes";
import { requireScopes, type KeyAuth } from "../auth/authenticate";
import { readDocumentFile } from "../documents/document-service";
import { AppError } from "../errors";
import { readRequestDto } from "../requests/read-request";
import { REQUEST_DOCUMENTS } from "../requests/request-documents";
import { getTemplate } from "../templates/get-template";

/** The resources an agent may read by URI, each with the scopes of the API operation that reads it. */
export const resourceTemplates: {
  template: { uriTemplate: string; name: string; description: string; mimeType: string };
  scopes: readonly Scope[];
}[] = [
  {
    template: {
      uriTemplate: "signet://requests/{id}",
      name: "Signature request",
      description: "A signature request as GET /api/v1/enterprise/signature-requests/{id} answers it",
      mimeType: "application/json",
    },
    scopes: operationScopes.getRequest,
  },
  {
    template: {
      uriTemplate: "signet://requests/{id}/documents/{documentId}",
      name: "Document of a signature request",
      description: "One document's current PDF (sealed, with its certificate, once the request is COMPLETED)",
      mimeType: "application/pdf",
    },
    scopes: operationScopes.getRequestDocument,
  },
  {
    template: {
      uriTemplate: "signet://templates/{id}",
      name: "Template",
      description: "A template as GET /api/v1/enterprise/templates/{id} answers it",
      mimeType: "application/json",
    },
    scopes: operationScopes.getTemplate,
  },
];

const ID = "([^/?#]{1,100})";
const REQUEST = new RegExp(`^signet://requests/${ID}$`);
const DOCUMENT = new RegExp(`^signet://requests/${ID}/documents/${ID}$`);
const TEMPLATE = new RegExp(`^signet://templates/${ID}$`);

const mayRead = (auth: KeyAuth, scopes: readonly Scope[]) => requireScopes(auth, scopes, "to read it");

/** resources/read: what the URI names, as the API answers it, under the same scopes. */
export async function readResource(auth: KeyAuth, uri: string) {
  let m = REQUEST.exec(uri);
  if (m) {
    mayRead(auth, operationScopes.getRequest);
    const data = await readRequestDto(auth, decodeURIComponent(m[1]!));
    return { contents: [{ uri, mimeType: "application/json", text: JSON.stringify(data) }] };
  }
  m = DOCUMENT.exec(uri);
  if (m) {
    mayRead(auth, operationScopes.getRequestDocument);
    const f = await readDocumentFile(REQUEST_DOCUMENTS, auth, decodeURIComponent(m[1]!), decodeURIComponent(m[2]!));
    return {
      contents: [{ uri, mimeType: f.type ?? "application/pdf", blob: Buffer.from(f.bytes).toString("base64") }],
    };
  }
  m = TEMPLATE.exec(uri);
  if (m) {
    mayRead(auth, operationScopes.getTemplate);
    const data = await getTemplate(auth, decodeURIComponent(m[1]!));
    return { contents: [{ uri, mimeType: "application/json", text: JSON.stringify(data) }] };
  }
  throw new AppError(
    "VALIDATION_FAILED",
    "Signet reads signet://requests/{id}, signet://requests/{id}/documents/{documentId} and signet://templates/{id}",
  );
}
