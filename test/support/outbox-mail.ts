import fs from "node:fs";
import path from "node:path";
import { and, asc, eq } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { mailLog } from "@/lib/server/db/schema";
import { outboxDir } from "@/lib/server/mail/deliver-mail";
import { readParts } from "@/lib/server/mail/outbox";

export interface OutboxMail {
  id: string;
  kind: string;
  to: string;
  /** Each header's value, unfolded, encoded words decoded; keys in lower case. */
  headers: Record<string, string>;
  text: string;
  html: string;
  raw: string;
}

/** RFC 2047 encoded words (=?UTF-8?B?…?= and =?UTF-8?Q?…?=), as nodemailer writes non-ASCII header text. */
function decodeWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, "$1")
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_all, _charset: string, enc: string, data: string) => {
      if (enc.toUpperCase() === "B") return Buffer.from(data, "base64").toString("utf8");
      const bytes = data
        .replace(/_/g, " ")
        .replace(/=([0-9A-Fa-f]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
      return Buffer.from(bytes, "latin1").toString("utf8");
    });
}

/** The header block of a message: each field once (the first), unfolded. */
export function headersOf(raw: string): Record<string, string> {
  const block = raw.slice(0, raw.search(/\r?\n\r?\n/));
  const out: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const i = line.indexOf(":");
    if (i <= 0) continue;
    const name = line.slice(0, i).trim().toLowerCase();
    out[name] ??= decodeWords(line.slice(i + 1).trim());
  }
  return out;
}

/** The messages written to the outbox about one request (oldest first), read from their .eml files. */
export async function outboxMailsOf(requestId: string, kind?: string): Promise<OutboxMail[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(mailLog)
    .where(and(eq(mailLog.requestId, requestId), kind ? eq(mailLog.kind, kind) : undefined))
    .orderBy(asc(mailLog.createdAt));
  return rows.map((r) => {
    const raw = fs.readFileSync(path.join(outboxDir(), `${r.id}.eml`), "utf8");
    const parts = readParts(raw);
    return { id: r.id, kind: r.kind, to: r.to, headers: headersOf(raw), text: parts.text, html: parts.html ?? "", raw };
  });
}
