import { getDb } from "@/lib/server/db";
import { signingToken } from "@/lib/server/tokens";
import { call } from "./api";
import { createDraft, idsFor } from "./drafts";

const SR = "/api/v1/enterprise/signature-requests";

export { tokenFromOutbox } from "./outbox-token";

/** The token of a recipient who has not been mailed yet (tests only: no API ever returns it). */
export async function tokenOf(recipientId: string) {
  return signingToken(await getDb(), recipientId);
}

/** A sent request: signers in the given orders, each with a SIGNATURE, a required TEXT and a DATE field. */
export async function sentRequest<const S extends readonly { email: string; name: string; order: number }[]>(
  key: string,
  signers: S,
  opts: { cc?: boolean; pdf?: Uint8Array } = {},
) {
  const d = await createDraft(key, opts.pdf, "Signing test");
  const ids: string[] = [];
  for (const s of signers) {
    const r = (await call("POST", `${SR}/${d.id}/recipients`, { key, json: s })).body.data;
    ids.push(r.id);
    const y = 100 + ids.length * 150;
    const res = await call("POST", `${SR}/${d.id}/fields`, {
      key,
      json: {
        fields: [
          { type: "SIGNATURE", recipientId: r.id, page: 1, x: 72, y, width: 180, height: 50 },
          { type: "TEXT", recipientId: r.id, page: 1, x: 300, y, width: 200, height: 20, label: "Job title", maxLength: 20 },
          { type: "DATE", recipientId: r.id, page: 1, x: 300, y: y + 40, width: 120, height: 20 },
        ],
      },
    });
    if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  }
  if (opts.cc)
    await call("POST", `${SR}/${d.id}/recipients`, { key, json: { email: "cc@example.com", name: "Carbon Copy", role: "CC" } });
  const sent = await call("POST", `${SR}/${d.id}/send`, { key });
  if (sent.status !== 200) throw new Error(JSON.stringify(sent.body));
  return { id: d.id as string, recipientIds: idsFor(signers, ids) };
}

export const PNG_1x1 =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
