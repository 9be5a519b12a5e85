import fs from "node:fs";
import path from "node:path";
import { readParts } from "@/lib/server/mail/outbox";

/**
 * The whole messages in an outbox, newest last: the server writes `….eml.tmp` and renames it, which can
 * happen while this reads, and a purge can remove a message meanwhile.
 */
export function outboxMessages(dataDir = process.env.DATA_DIR!): { file: string; raw: string; at: number }[] {
  const dir = path.join(dataDir, "outbox");
  if (!fs.existsSync(dir)) return [];
  const all: { file: string; raw: string; at: number }[] = [];
  for (const f of fs.readdirSync(dir).filter((name) => name.endsWith(".eml"))) {
    const file = path.join(dir, f);
    try {
      all.push({ file, raw: fs.readFileSync(file, "utf8"), at: fs.statSync(file).mtimeMs });
    } catch {
      /* removed meanwhile */
    }
  }
  return all.sort((a, b) => a.at - b.at);
}

/**
 * The signing link token a recipient's latest invitation e-mail carries, read from the outbox. Test files
 * share the outbox and reuse addresses, so the newest matching message wins (not the first one listed).
 */
export function tokenFromOutbox(email: string, dataDir = process.env.DATA_DIR!): string | null {
  const to = new RegExp(`^To: .*<${email.replace(/[.]/g, "\\.")}>`, "m");
  let token: string | null = null;
  for (const { raw } of outboxMessages(dataDir)) {
    if (!to.test(raw)) continue;
    const m = /\/sign\/([A-Za-z0-9_-]{43})/.exec(readParts(raw).text);
    if (m?.[1]) token = m[1];
  }
  return token;
}
