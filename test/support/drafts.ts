import { call } from "./api";
import { simplePdf } from "./simple-pdf";

const SR = "/api/v1/enterprise/signature-requests";

export async function createDraft(key: string, pdf?: Uint8Array, title = "Contract") {
  const r = await call("POST", SR, {
    key,
    form: { title, delivery_mode: "email", file: { data: pdf ?? (await simplePdf()), name: "c.pdf", type: "application/pdf" } },
  });
  if (r.status !== 201) throw new Error(`create failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data;
}

/** A recipient as the recipients endpoint takes it (order 1 unless given). */
export type DraftSigner = {
  email: string;
  name: string;
  order?: number;
  delivery?: string;
  authentication?: { method: string; accessCode?: string };
  canDelegate?: boolean;
};

/** One id per signer, as a tuple when the signers are written as a list literal (so `[a, b]` destructures). */
export type IdsOf<S extends readonly unknown[]> = { -readonly [K in keyof S]: string };

/** The ids made for a list of signers, one each in order, typed as that list's tuple. */
export function idsFor<const S extends readonly unknown[]>(signers: S, ids: string[]): IdsOf<S> {
  if (ids.length !== signers.length) throw new Error(`expected ${signers.length} ids, got ${ids.length}`);
  return ids as IdsOf<S>;
}

/** A draft with these signers, each with one SIGNATURE field on page 1. */
export async function draftWithSigners<const S extends readonly DraftSigner[]>(key: string, signers: S, title = "Contract") {
  const d = await createDraft(key, undefined, title);
  const ids: string[] = [];
  for (const s of signers) {
    const r = await call("POST", `${SR}/${d.id}/recipients`, { key, json: { order: 1, ...s } });
    if (r.status !== 201) throw new Error(JSON.stringify(r.body));
    ids.push(r.body.data.id);
    const f = await call("POST", `${SR}/${d.id}/fields`, {
      key,
      json: { type: "SIGNATURE", recipientId: r.body.data.id, page: 1, x: 72, y: 100 + ids.length * 80, width: 180, height: 50 },
    });
    if (f.status !== 201) throw new Error(JSON.stringify(f.body));
  }
  return { id: d.id as string, recipientIds: idsFor(signers, ids) };
}

/** Sends a draft made by draftWithSigners; the caller runs the queue. */
export async function sendDraft(key: string, id: string) {
  const sent = await call("POST", `${SR}/${id}/send`, { key });
  if (sent.status !== 200) throw new Error(JSON.stringify(sent.body));
}
