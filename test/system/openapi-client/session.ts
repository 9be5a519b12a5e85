// The README's curl session through Signet's TypeScript SDK (lib/sdk): openapi-fetch over the types
// openapi-typescript generated from the OpenAPI document (lib/sdk/schema.d.ts, by scripts/openapi-types.ts).
// Paths, parameters, bodies and answers are all checked by `tsc` against the document: nothing here is cast or
// declared by hand.
// Run against a server by test/system/openapi-client.test.ts, and in process by test/api/openapi-client.test.ts.
import { createSignet, multipart, unwrap } from "@/lib/sdk";

const SR = "/api/v1/enterprise/signature-requests";

/** An answer's data, or an error naming the step (the SDK's SignetApiError says the status, code and message). */
function dataOf<D>(step: string, r: Parameters<typeof unwrap<D>>[0]): D {
  try {
    return unwrap(r);
  } catch (e) {
    throw new Error(`${step}: ${(e as Error).message}`);
  }
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
  const client = createSignet({ baseUrl, apiKey, ...(fetch && { fetch }) });

  // 1. a draft from a PDF (multipart part "file")
  const created = dataOf(
    "create",
    await client.POST(SR, {
      body: {
        title: "Service agreement",
        delivery_mode: "email",
        file: new Blob([new Uint8Array(pdfBytes)], { type: "application/pdf" }),
      },
      bodySerializer: multipart,
    }),
  );
  const id = created.id;

  // 2. a recipient
  const recipient = dataOf(
    "add recipient",
    await client.POST(`${SR}/{id}/recipients`, {
      params: { path: { id } },
      body: { email: "ann@example.com", name: "Ann", role: "SIGNER", order: 1 },
    }),
  );

  // 3. a signature field by coordinates (points from the top-left of the page as displayed)
  const { fields } = dataOf(
    "add field",
    await client.POST(`${SR}/{id}/fields`, {
      params: { path: { id } },
      body: { type: "SIGNATURE", recipientId: recipient.id, page: 1, x: 72, y: 600, width: 200, height: 50, name: "signature" },
    }),
  );

  // 4. send
  const sent = dataOf("send", await client.POST(`${SR}/{id}/send`, { params: { path: { id } } }));

  // read it back
  const read = dataOf("read", await client.GET(`${SR}/{id}`, { params: { path: { id } } }));
  if (read.status !== sent.status) throw new Error(`read back: status ${read.status}, but send answered ${sent.status}`);

  return { created, recipient, fields, sent, read };
}

export type Session = Awaited<ReturnType<typeof runSession>>;
