import "server-only";
import fs from "node:fs/promises";
import path from "node:path";
import { and, desc, eq } from "drizzle-orm";
import type { KeyAuth } from "../auth/authenticate";
import { getDb } from "../db";
import { mailLog } from "../db/schema";
import { notFound } from "../http/errors";
import { outboxDir } from "./deliver-mail";

/** Mails whose content is the signer's secret (an e-mailed signing code): listed, never shown through the API. */
const SECRET_KINDS = new Set(["signer-code"]);
const scope = (auth: KeyAuth) => and(eq(mailLog.orgId, auth.orgId), eq(mailLog.environment, auth.environment))!;
const fileOf = (id: string) => path.join(outboxDir(), `${id}.eml`);

export async function listOutbox(auth: KeyAuth) {
  const db = await getDb();
  const rows = await db.select().from(mailLog).where(scope(auth)).orderBy(desc(mailLog.createdAt)).limit(200);
  return {
    items: rows.map((m) => ({
      id: m.id,
      kind: m.kind,
      to: m.to,
      subject: m.subject,
      via: m.via,
      requestId: m.requestId,
      createdAt: m.createdAt.toISOString(),
      hasContent: m.via === "outbox" && !SECRET_KINDS.has(m.kind),
    })),
  };
}

function decodePart(headers: string, body: string): string {
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
    const bytes = Buffer.from(
      body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
      "latin1",
    );
    return bytes.toString("utf8");
  }
  if (/content-transfer-encoding:\s*base64/i.test(headers))
    return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return body;
}

/** The text and HTML parts of a message nodemailer wrote (multipart/alternative, maybe inside multipart/mixed). */
export function readParts(raw: string): { text: string; html: string | null } {
  const parts: { type: string; content: string }[] = [];
  const walk = (chunk: string) => {
    const split = chunk.search(/\r?\n\r?\n/);
    const headers = split < 0 ? chunk : chunk.slice(0, split);
    const body = split < 0 ? "" : chunk.slice(split).replace(/^\r?\n\r?\n/, "");
    const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
    if (/content-type:\s*multipart\//i.test(headers) && boundary) {
      for (const p of body.split(`--${boundary}`).slice(1)) if (!p.startsWith("--")) walk(p.replace(/^\r?\n/, ""));
      return;
    }
    const type = /content-type:\s*([\w/+-]+)/i.exec(headers)?.[1]?.toLowerCase() ?? "text/plain";
    parts.push({ type, content: decodePart(headers, body) });
  };
  walk(raw);
  return {
    text: parts.find((p) => p.type === "text/plain")?.content.trim() ?? "",
    html: parts.find((p) => p.type === "text/html")?.content ?? null,
  };
}

export async function getOutboxMessage(auth: KeyAuth, id: string) {
  const db = await getDb();
  const [m] = await db
    .select()
    .from(mailLog)
    .where(and(scope(auth), eq(mailLog.id, id)));
  if (!m || m.via !== "outbox" || SECRET_KINDS.has(m.kind)) throw notFound("MESSAGE_NOT_FOUND", "Message");
  let raw: string;
  try {
    raw = await fs.readFile(fileOf(m.id), "utf8");
  } catch {
    throw notFound("MESSAGE_NOT_FOUND", "Message");
  }
  return { id: m.id, to: m.to, subject: m.subject, ...readParts(raw), raw };
}
