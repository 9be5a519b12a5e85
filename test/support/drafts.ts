import { call } from "./api";
import { simplePdf } from "./simple-pdf";

const SR = "/api/v1/enterprise/signature-requests";

export async function createDraft(key: string, pdf?: Uint8Array, title = "Contract") {
  const r = await call("POST", SR, { key, form: { title, delivery_mode: "email", file: { data: pdf ?? (await simplePdf()), name: "c.pdf", type: "application/pdf" } } });
  if (r.status !== 201) throw new Error(`create failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data;
}

