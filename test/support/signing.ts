import fs from "node:fs";
import path from "node:path";
import { getDb } from "@/lib/server/db";
import { readParts } from "@/lib/server/mail/outbox";
import { signingToken } from "@/lib/server/signing/tokens";
import { call } from "./api";
import { createDraft, idsFor } from "./drafts";

const SR = "/api/v1/enterprise/signature-requests";

/**
 * The signing link token a recipient's latest invitation e-mail carries, read from the outbox. Test files
 * share the outbox and reuse addresses, so the newest matching message wins (not the first one listed).
 */
export function tokenFromOutbox(email: string): string | null {
  const dir = path.join(process.env.DATA_DIR!, "outbox");
  if (!fs.existsSync(dir)) return null;
  const to = new RegExp(`^To: .*<${email.replace(/[.]/g, "\\.")}>`, "m");
  let best: { token: string; at: number } | null = null;
  for (const f of fs.readdirSync(dir)) {
    const file = path.join(dir, f);
    const raw = fs.readFileSync(file, "utf8");
    if (!to.test(raw)) continue;
    const m = /\/sign\/([A-Za-z0-9_-]{43})/.exec(readParts(raw).text);
    const at = fs.statSync(file).mtimeMs;
    if (m?.[1] && (!best || at > best.at)) best = { token: m[1], at };
  }
  return best?.token ?? null;
}

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
