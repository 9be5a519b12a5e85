// The README's curl session through a typed client: openapi-fetch over the types openapi-typescript
// generated from the OpenAPI document (./schema.d.ts, by scripts/openapi-types.ts). Paths, parameters,
// bodies and answers are all checked by `tsc` against the document: nothing here is cast or declared by hand.
// Run against a server by test/system/openapi-client.test.ts, and in process by test/api/openapi-client.test.ts.
import createClient from "openapi-fetch";
import type { paths } from "./schema";

const SR = "/api/v1/enterprise/signature-requests";

/** An answer's data, or an error naming the step, the status and the API's message. */
function dataOf<D, E>(step: string, r: { data?: D; error?: E; response: Response }): D {
  if (r.data === undefined) throw new Error(`${step}: ${r.response.status} ${JSON.stringify(r.error ?? null)}`);
  return r.data;
}

/** A multipart body: each given property a part; a Blob a file part (named after the PDF it is). */
function formData(body: Record<string, string | Blob | Blob[] | undefined>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) {
    // A list of files is one part per file, of the same name (several documents).
    for (const v of Array.isArray(value) ? value : [value]) {
      if (v instanceof Blob) form.append(name, v, "contract.pdf");
      else if (v !== undefined) form.append(name, v);
    }
  }
  return form;
}

/**
 * Creates a signature request from a PDF, adds a signer and a signature field for them, sends it, and
 * reads it back. Returns each step's `data`. `fetch` defaults to the global one (a server at baseUrl).
 */
export async function runSession(
  baseUrl: string,
  apiKey: string,
  pdfBytes: Uint8Array,
  fetch?: (request: Request) => Promise<Response>,
) {
  const client = createClient<paths>({ baseUrl, headers: { "X-API-Key": apiKey }, ...(fetch && { fetch }) });

  // 1. a draft from a PDF (multipart part "file")
  const created = dataOf(
    "create",
    await client.POST(SR, {
      body: {
        title: "Service agreement",
        delivery_mode: "email",
        file: new Blob([new Uint8Array(pdfBytes)], { type: "application/pdf" }),
      },
      bodySerializer: formData,
    }),
  ).data;
  const id = created.id;

  // 2. a recipient
  const recipient = dataOf(
    "add recipient",
    await client.POST(`${SR}/{id}/recipients`, {
      params: { path: { id } },
      body: { email: "ann@example.com", name: "Ann", role: "SIGNER", order: 1 },
    }),
  ).data;

  // 3. a signature field by coordinates (points from the top-left of the page as displayed)
  const { fields } = dataOf(
    "add field",
    await client.POST(`${SR}/{id}/fields`, {
      params: { path: { id } },
      body: { type: "SIGNATURE", recipientId: recipient.id, page: 1, x: 72, y: 600, width: 200, height: 50, name: "signature" },
    }),
  ).data;

  // 4. send
  const sent = dataOf("send", await client.POST(`${SR}/{id}/send`, { params: { path: { id } } })).data;

  // read it back
  const read = dataOf("read", await client.GET(`${SR}/{id}`, { params: { path: { id } } })).data;
  if (read.status !== sent.status) throw new Error(`read back: status ${read.status}, but send answered ${sent.status}`);

  return { created, recipient, fields, sent, read };
}

export type Session = Awaited<ReturnType<typeof runSession>>;
