import "server-only";
import fs from "node:fs/promises";
import path from "node:path";
import { config } from "../config";
import { getDb } from "../db";
import { runEngine } from "../engine";
import { getSetting } from "../secrets";
import { settings } from "../db/schema";

interface StoredIdentity {
  p12: string; // base64
  password: string;
}

const SETTING = "signing-identity:self-signed";
let known: { p12: Buffer; password: string } | undefined;

/**
 * The server's sealing certificate: SIGNING_P12 (a file, with SIGNING_P12_PASSWORD), or else one
 * self-signed identity kept in the database, so that every instance on one PostgreSQL server seals
 * with the same certificate (and /verify recognises all of them). It is made once by whichever
 * instance needs it first; a store that began life with DATA_DIR/signing.p12 keeps that one.
 */
export async function signingCertificate(): Promise<{ p12: Buffer; password: string }> {
  if (process.env.SIGNING_P12) {
    return { p12: await fs.readFile(process.env.SIGNING_P12), password: process.env.SIGNING_P12_PASSWORD ?? "" };
  }
  if (known) return known;
  const db = await getDb();
  let stored = await getSetting<StoredIdentity>(db, SETTING);
  if (!stored) {
    const candidate = (await legacyFile()) ?? (await runEngine("createSelfSignedP12", ["Signet document sealing (self-signed)"]));
    // Two instances may get here at once: the first row wins and both use it.
    await db
      .insert(settings)
      .values({
        key: SETTING,
        value: { p12: Buffer.from(candidate.p12).toString("base64"), password: candidate.password } satisfies StoredIdentity,
      })
      .onConflictDoNothing();
    stored = await getSetting<StoredIdentity>(db, SETTING);
    if (!stored) throw new Error("The sealing certificate could not be stored");
  }
  known = { p12: Buffer.from(stored.p12, "base64"), password: stored.password };
  return known;
}

/** DATA_DIR/signing.p12 and its password, written by versions that kept the certificate on disk. */
async function legacyFile(): Promise<{ p12: Uint8Array; password: string } | null> {
  const file = path.join(config.dataDir, "signing.p12");
  try {
    return { p12: await fs.readFile(file), password: (await fs.readFile(`${file}.password`, "utf8")).trim() };
  } catch {
    return null;
  }
}
