import "server-only";
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { Queryable } from "./db";
import { settings } from "./db/schema";

/**
 * Server secrets live in the database (not in process memory, not per instance), created once by
 * whichever instance needs one first.
 */
export async function getSecret(db: Queryable, name: string): Promise<Buffer> {
  const key = `secret:${name}`;
  await db
    .insert(settings)
    .values({ key, value: crypto.randomBytes(32).toString("base64") })
    .onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, key));
  return Buffer.from(row.value as string, "base64");
}

export async function getSetting<T>(db: Queryable, key: string): Promise<T | undefined> {
  const [row] = await db.select().from(settings).where(eq(settings.key, key));
  return row?.value as T | undefined;
}

export async function putSetting(db: Queryable, key: string, value: unknown) {
  await db.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
}
