import "server-only";
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { Queryable } from "./db";
import { settings } from "./db/schema";

/**
 * Server secrets live in the database (not in process memory, not per instance), created once by
 * whichever instance needs one first. A secret never changes once it exists, so a process keeps the
 * ones it found already stored (not one it has just written: that transaction may still roll back),
 * and the signing-link and dashboard-identity checks on every request cost no query.
 */
const known = new Map<string, Buffer>();

export async function getSecret(db: Queryable, name: string): Promise<Buffer> {
  const key = `secret:${name}`;
  const cached = known.get(key);
  if (cached) return cached;
  const created = await db
    .insert(settings)
    .values({ key, value: crypto.randomBytes(32).toString("base64") })
    .onConflictDoNothing()
    .returning({ key: settings.key });
  // Inserted just now, or by whoever won the race: there is one either way.
  const [row] = await db.select().from(settings).where(eq(settings.key, key));
  if (!row) throw new Error(`The secret ${name} is missing from the settings`);
  const secret = Buffer.from(row.value as string, "base64");
  if (created.length === 0) known.set(key, secret);
  return secret;
}

export async function getSetting<T>(db: Queryable, key: string): Promise<T | undefined> {
  const [row] = await db.select().from(settings).where(eq(settings.key, key));
  return row?.value as T | undefined;
}

export async function putSetting(db: Queryable, key: string, value: unknown) {
  await db.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
}

/**
 * A key of 32 random bytes written as `text` (surrounding blanks and a final newline are allowed), named
 * by a keyed hash of `idText`; null when the text is not one. The backup key and the settings key
 * (lib/server/sso/settings-key.ts) are both written so.
 */
export function keyFromText(text: string, idText: string): { bytes: Uint8Array; id: string } | null {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/]{43}=$/.test(trimmed)) return null;
  const bytes = new Uint8Array(Buffer.from(trimmed, "base64"));
  return { bytes, id: crypto.createHmac("sha256", bytes).update(idText).digest("hex").slice(0, 16) };
}
