import "server-only";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { config } from "../config";
import { AppError } from "../errors";
import { keyFromText } from "../secrets";

/**
 * The key that seals the secrets an admin gives Signet (an OIDC client secret): 32 random bytes in base64,
 * kept outside the database, so that a copy of the database or of a backup archive gives no secret away.
 *
 * - SETTINGS_KEY (the text) or SETTINGS_KEY_FILE (a file holding it), as BACKUP_KEY is given;
 * - else, on the embedded store only, DATA_DIR/settings.key, made on first need (mode 0600). It is not in
 *   the database nor in a backup archive: an operator restoring on another machine copies it (or sets
 *   SETTINGS_KEY to its text), or enters the secrets again.
 * - With DATABASE_URL (several instances share the store) one of the two variables must be set: a key
 *   made by one instance would not be known to the others.
 */
export interface SettingsKey {
  bytes: Uint8Array;
  id: string;
}

const ID_TEXT = "signet settings key id";
const HOW =
  "set SETTINGS_KEY_FILE to a file holding 32 random bytes in base64 (`openssl rand -base64 32`), or SETTINGS_KEY to them";

function refuse(message: string): never {
  throw new AppError("SETTINGS_KEY_MISSING", message);
}

function fromText(text: string, source: string): SettingsKey {
  const key = keyFromText(text, ID_TEXT);
  if (!key) refuse(`${source} is not a settings key: it must be 32 random bytes in base64 (44 characters); ${HOW}`);
  return key;
}

/** The settings key, or AppError SETTINGS_KEY_MISSING saying what to set. `make`: create the embedded default's file when missing. */
export function settingsKey({ make = false }: { make?: boolean } = {}): SettingsKey {
  const text = process.env.SETTINGS_KEY?.trim();
  const file = process.env.SETTINGS_KEY_FILE?.trim();
  if (text && file) refuse("Both SETTINGS_KEY and SETTINGS_KEY_FILE are set: set one of them");
  if (text) return fromText(text, "SETTINGS_KEY");
  if (file) {
    let content: string;
    try {
      content = fs.readFileSync(file, "utf8");
    } catch (e) {
      refuse(`SETTINGS_KEY_FILE (${file}) cannot be read: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
    }
    return fromText(content, `SETTINGS_KEY_FILE (${file})`);
  }
  if (config.databaseUrl?.startsWith("postgres"))
    refuse(`Signet runs on a PostgreSQL server, so every instance needs the same settings key: ${HOW}`);
  const own = path.join(config.dataDir, "settings.key");
  if (make && !fs.existsSync(own)) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    try {
      // wx: two requests at once make one file; the loser reads the winner's.
      fs.writeFileSync(own, `${crypto.randomBytes(32).toString("base64")}\n`, { mode: 0o600, flag: "wx" });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    }
  }
  if (!fs.existsSync(own)) refuse(`No settings key: ${HOW}`);
  return fromText(fs.readFileSync(own, "utf8"), `the settings key file ${own}`);
}

const VERSION = "v1";

/** `plain` sealed with the settings key (AES-256-GCM), bound to `context` (the row it belongs to): "v1.<key id>.<base64>". */
export function sealSecret(plain: string, context: string): string {
  const key = settingsKey({ make: true });
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", key.bytes, iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return `${VERSION}.${key.id}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64")}`;
}

/** The secret sealed by sealSecret for `context`, or null when it was sealed with another key or does not open. */
export function openSecret(sealed: string, context: string): string | null {
  const [version, keyId, data] = sealed.split(".");
  if (version !== VERSION || !keyId || !data) return null;
  const key = settingsKey();
  if (key.id !== keyId) return null;
  const raw = Buffer.from(data, "base64");
  if (raw.length < 28) return null;
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", key.bytes, raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
