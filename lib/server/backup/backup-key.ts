import "server-only";
import crypto from "node:crypto";
import fs from "node:fs";
import { keyFromText } from "../secrets";

/**
 * The key that encrypts and authenticates backup archives: 32 random bytes, written as base64 (44
 * characters), kept outside the archive and outside DATA_DIR. It comes from BACKUP_KEY (the text) or
 * BACKUP_KEY_FILE (a file holding it); with neither, nothing is backed up, verified or restored
 * (an unencrypted archive of an earlier Signet aside). Signet never makes one by itself: a key made
 * beside the data is lost with it, and with it every backup, which is found out only on the day of
 * the restore.
 */
export interface BackupKey {
  bytes: Uint8Array;
  /** Names the key without giving it away (written in each archive's header): a keyed hash of a fixed text. */
  id: string;
  /** Where it came from, for messages: "BACKUP_KEY", "BACKUP_KEY_FILE (/etc/signet/backup.key)". */
  source: string;
}

/** No key, or one that is not a backup key: the message says what to set. */
export class BackupKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupKeyError";
  }
}

export const BACKUP_KEY_BYTES = 32;

const HOW =
  "make one with `npm run signet -- backup-key --out FILE` (or `openssl rand -base64 32`), keep a copy away " +
  "from this machine, and set BACKUP_KEY_FILE=FILE (or BACKUP_KEY to its text)";

/** The key written as `text` (surrounding blanks and a final newline are allowed); `source` is named when it is not one. */
export function parseBackupKey(text: string, source: string): BackupKey {
  const key = keyFromText(text, "signet backup key id");
  if (!key)
    throw new BackupKeyError(`${source} is not a backup key: it must be 32 random bytes in base64 (44 characters); ${HOW}`);
  return { ...key, source };
}

/**
 * The backup key: `keyFile` (the CLI's --key-file) if given, else BACKUP_KEY or BACKUP_KEY_FILE.
 * Throws BackupKeyError when there is none, both are set, or the text is not a key.
 */
export function loadBackupKey(opts: { keyFile?: string } = {}): BackupKey {
  const file = opts.keyFile ?? process.env.BACKUP_KEY_FILE?.trim();
  const text = opts.keyFile ? undefined : process.env.BACKUP_KEY?.trim();
  if (file && text) throw new BackupKeyError("Both BACKUP_KEY and BACKUP_KEY_FILE are set: set one of them");
  if (text) return parseBackupKey(text, "BACKUP_KEY");
  if (!file) throw new BackupKeyError(`No backup key is set: ${HOW}`);
  const source = opts.keyFile ? `the key file ${file}` : `BACKUP_KEY_FILE (${file})`;
  let content: string;
  try {
    content = fs.readFileSync(file, "utf8");
  } catch (e) {
    throw new BackupKeyError(`${source} cannot be read: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
  return parseBackupKey(content, source);
}

/** A new key's text (base64 of 32 random bytes). */
export const newBackupKeyText = () => crypto.randomBytes(BACKUP_KEY_BYTES).toString("base64");
