import fs from "node:fs";
import path from "node:path";
import { readParts } from "@/lib/server/mail/outbox";

/**
 * The signing link token a recipient's latest invitation e-mail carries, read from the outbox. Test files
 * share the outbox and reuse addresses, so the newest matching message wins (not the first one listed).
 */
export function tokenFromOutbox(email: string, dataDir = process.env.DATA_DIR!): string | null {
  const dir = path.join(dataDir, "outbox");
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
