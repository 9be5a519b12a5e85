// The operator's commands. `keys create` works on the store directly, so with the embedded store the
// server must be stopped (one process owns the data directory; a second gets a clear error).
import fs from "node:fs";
import path from "node:path";
import { parseArgs, type ParseArgsConfig } from "node:util";
import { eq } from "drizzle-orm";
import { closeDb, getDb, storeKind } from "@/lib/server/db";
import { config } from "@/lib/server/config";
import { DataDirLockedError } from "@/lib/server/db/lock";
import { backupThroughServer } from "@/lib/server/backup/backup-socket";
import { writeBackup } from "@/lib/server/backup/write-backup";
import {
  BackupArchiveError,
  decryptBackup,
  RestoreTargetError,
  restoreBackup,
  verifyBackup,
  type ReadOptions,
} from "@/lib/server/backup/read-backup";
import { BackupKeyError, loadBackupKey, newBackupKeyText } from "@/lib/server/backup/backup-key";
import type { Manifest } from "@/lib/server/backup/manifest";
import { organizations } from "@/lib/server/db/schema";
import { insertApiKey } from "@/lib/server/api-keys/create-api-key";
import { bootstrap } from "@/lib/server/bootstrap";
import { createStaffAccount } from "@/lib/server/staff/invite-staff";
import { LINK_HOURS, staffLinkUrl } from "@/lib/server/staff/staff-links";
import { zInviteStaff } from "@/lib/schemas/staff";
import { openBlobStore } from "@/lib/server/blobs/store";
import { blobStoreKind } from "@/lib/server/blobs/settings";
import { migrateBlobs } from "@/lib/server/blobs/migrate";

const usage = `Usage:
  npm run --silent signet -- mcp [--url URL]
      Signet's MCP server over stdio, for an agent that starts its tools as processes: messages go to the
      running Signet at URL (default http://localhost:$PORT, else 3000) with the API key in SIGNET_API_KEY,
      whose scopes and approvals decide what the agent may do. (--silent: npm's own lines must not reach stdout.)
  npm run signet -- keys create --name NAME [--env sandbox|production]
      Creates an API key for the default organization and prints it as the last line.
      A production key needs the ENTERPRISE plan (SIGNET_BOOTSTRAP_PLAN=ENTERPRISE at start).
  npm run signet -- staff create --email EMAIL --role admin|member [--name NAME]
      Creates a staff account in the default organization and prints, as the last line, its one-time
      link to set a password (valid ${LINK_HOURS.INVITE} hours; nothing is mailed).
  npm run signet -- blobs migrate --to fs|postgres|s3 [--from fs|postgres|s3]
      Copies every document from the store in use (or --from) into another, checking each one's
      SHA-256; already copied ones are skipped, so it can be run again. Then set BLOB_STORE to the
      new store and restart. The source is left as it was.
  npm run signet -- backup-key --out FILE
      Writes a new backup key into FILE (mode 600). Set BACKUP_KEY_FILE=FILE (or BACKUP_KEY to its
      text) and keep a copy away from this machine: without it no backup can be restored.
  npm run signet -- backup --out FILE [--key-file KEYFILE]
      Writes one archive of the database and every document, with a manifest of counts and SHA-256s,
      encrypted and authenticated with the backup key (BACKUP_KEY, BACKUP_KEY_FILE or --key-file), and
      checks it. The server may keep running: with the embedded store it is asked for the archive (over
      DATA_DIR's socket); with DATABASE_URL the database is read in one snapshot.
  npm run signet -- restore FILE [--key-file KEYFILE] [--allow-unauthenticated]
      Checks the whole archive (its authentication under the backup key, every SHA-256), then restores
      it into an empty DATA_DIR (or the empty database of DATABASE_URL and its empty blob store), and
      runs this Signet's later migrations over it. --allow-unauthenticated also takes an unencrypted
      archive of a Signet before backups were encrypted (checked against its own manifest only).
  npm run signet -- verify FILE [--key-file KEYFILE] [--allow-unauthenticated]
      Checks an archive without restoring it.
  npm run signet -- decrypt FILE --out OUT.tar.gz [--key-file KEYFILE]
      Writes the archive's .tar.gz (for tar), once the whole of it authenticated.
  npm run signet -- purge
      Runs the sandbox purge now (sandbox requests older than SANDBOX_RETENTION_DAYS, and the blobs
      only they used) and prints what it deleted. Production data is never touched.`;

/** The store, opened and bootstrapped; on its first start, the login and the sandbox key it made, printed. */
async function openStore() {
  const db = await getDb();
  const report = await bootstrap();
  if (report.generatedPassword)
    console.log(`First start of this store: staff login ${report.adminEmail} / ${report.generatedPassword}`);
  if (report.generatedSandboxKey) console.log(`First start of this store: sandbox key ${report.generatedSandboxKey}`);
  return { db, report };
}

async function main() {
  const [group, cmd, ...rest] = process.argv.slice(2);
  if (group === "mcp") return mcpOverStdio([cmd, ...rest].filter((a): a is string => a !== undefined));
  if (group === "staff" && cmd === "create") return createStaff(rest);
  if (group === "purge" && cmd === undefined) return purge();
  if (group === "blobs" && cmd === "migrate") return migrate(rest);
  const args = [cmd, ...rest].filter((a): a is string => a !== undefined);
  if (group === "backup") return backup(args);
  if (group === "backup-key") return backupKey(args);
  if (group === "decrypt") return decrypt(args);
  if (group === "restore" || group === "verify") return restoreOrVerify(group, args);
  if (group !== "keys" || cmd !== "create") {
    console.error(usage);
    return 2;
  }
  const { values } = parseArgs({
    args: rest,
    options: { name: { type: "string" }, env: { type: "string", default: "sandbox" } },
  });
  const name = values.name?.trim() ?? "";
  if (name.length < 1 || name.length > 200) {
    console.error("Name must be between 1 and 200 characters");
    return 2;
  }
  const env =
    values.env?.toLowerCase() === "production" ? "PRODUCTION" : values.env?.toLowerCase() === "sandbox" ? "SANDBOX" : null;
  if (!env) {
    console.error("--env must be sandbox or production");
    return 2;
  }
  const { db, report } = await openStore();
  const [org] = await db.select().from(organizations).where(eq(organizations.id, report.orgId));
  if (!org) throw new Error(`the organization ${report.orgId} made at bootstrap is missing`);
  if (env === "PRODUCTION" && org.plan !== "ENTERPRISE") {
    console.error("Enterprise plan required for production API keys");
    return 3;
  }
  const { row, apiKey } = await insertApiKey(db, { orgId: org.id, name, environment: env });
  console.log(`Created ${env.toLowerCase()} key "${row.name}" (${row.keyPrefix}…) for ${org.name}. It is shown only once:`);
  console.log(apiKey);
  return 0;
}

async function migrate(args: string[]) {
  const { values } = parseArgs({ args, options: { to: { type: "string" }, from: { type: "string" } } });
  const kinds = ["fs", "postgres", "s3"] as const;
  const kind = (v: string | undefined) => kinds.find((k) => k === v?.trim().toLowerCase());
  const to = kind(values.to);
  let from: (typeof kinds)[number] | undefined;
  try {
    from = values.from === undefined ? blobStoreKind() : kind(values.from);
  } catch (e) {
    console.error(e instanceof Error ? e.message : String(e));
    return 2;
  }
  if (!to || !from) {
    console.error("--to (and --from, when given) must be fs, postgres or s3");
    console.error(usage);
    return 2;
  }
  if (to === from) {
    console.error(`The store in use is already ${to}: name the one to copy from with --from`);
    return 2;
  }
  // The database is opened first either way: for the embedded store, that takes the data directory's
  // lock, so a running server and a copy never share it.
  await getDb();
  let source, target;
  try {
    [source, target] = [await openBlobStore(from), await openBlobStore(to)];
  } catch (e) {
    console.error(e instanceof Error ? e.message : String(e));
    return 2;
  }
  let seen = 0;
  const report = await migrateBlobs(source, target, () => {
    if (++seen % 100 === 0) console.log(`… ${seen} documents looked at`);
  });
  console.log(`Copied ${report.copied} documents from ${from} to ${to}; ${report.present} were already there.`);
  for (const f of report.failed) console.error(`Not copied: ${f.sha256}: ${f.error}`);
  if (report.failed.length) {
    console.error(`${report.failed.length} documents could not be copied: keep BLOB_STORE=${from} until they are.`);
    return 1;
  }
  console.log(`Now set BLOB_STORE=${to} and restart Signet.`);
  return 0;
}

async function createStaff(args: string[]) {
  const { values } = parseArgs({
    args,
    options: { email: { type: "string" }, role: { type: "string" }, name: { type: "string" } },
  });
  const email = values.email?.trim().toLowerCase() ?? "";
  const parsed = zInviteStaff.safeParse({
    email,
    name: values.name?.trim() || email.split("@")[0],
    role: values.role?.toUpperCase(),
  });
  if (!values.role || !parsed.success) {
    console.error(parsed.success ? "--role must be admin or member" : parsed.error.issues.map((i) => i.message).join("; "));
    console.error(usage);
    return 2;
  }
  const { db, report } = await openStore();
  let created;
  try {
    created = await db.transaction((tx) =>
      createStaffAccount(tx, { orgId: report.orgId, ...parsed.data, createdBy: null, mail: false }),
    );
  } catch (e) {
    console.error(e instanceof Error ? e.message : String(e));
    return 3;
  }
  const { user, link } = created;
  console.log(
    `Created ${user.role.toLowerCase()} ${user.name} <${user.email}>. Their one-time link to set a password (until ${link.expiresAt.toISOString()}):`,
  );
  console.log(staffLinkUrl(link.token));
  return 0;
}

const mib = (n: number) => `${(n / 2 ** 20).toFixed(1)} MiB`;
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const describe = (m: Manifest) =>
  `${count(m.counts.requests, "request", "requests")}, ${count(m.counts.documents, "document version", "document versions")}, ` +
  `${count(m.counts.templates, "template", "templates")}, ${count(m.counts.apiKeys, "API key", "API keys")}, ${m.counts.staff} staff; ` +
  `${count(Object.keys(m.blobs).length, "document", "documents")} (${mib(m.counts.blobBytes)}); ` +
  `schema ${m.database.migrations.at(-1)}; made ${m.createdAt}`;

/** Reads the command's options, or prints why not (and the usage) and gives null. */
function options<const T extends NonNullable<ParseArgsConfig["options"]>>(args: string[], opts: T, positionals = 0) {
  try {
    const parsed = parseArgs({ args, options: opts, allowPositionals: true, strict: true });
    if (parsed.positionals.length !== positionals) throw new Error(positionals ? "name one archive" : "unexpected arguments");
    return parsed;
  } catch (e) {
    console.error(e instanceof Error ? e.message : String(e));
    console.error(usage);
    return null;
  }
}

/** A path to write that must not exist yet (a backup, a key or a decrypted archive never overwrites one). */
function newFile(out: string | undefined): string | null {
  if (!out?.trim()) {
    console.error("--out FILE is required");
    console.error(usage);
    return null;
  }
  const file = path.resolve(out.trim());
  if (fs.existsSync(file)) {
    console.error(`${file} exists: name a new file (nothing is overwritten)`);
    return null;
  }
  return file;
}

async function backupKey(args: string[]) {
  const parsed = options(args, { out: { type: "string" } });
  const file = parsed && newFile(parsed.values.out);
  if (!file) return 2;
  fs.writeFileSync(file, newBackupKeyText() + "\n", { flag: "wx", mode: 0o600 });
  console.log(`A new backup key is in ${file} (mode 600). Set BACKUP_KEY_FILE=${file} for the server and this command.`);
  console.log("Keep a copy away from this machine (a password manager, a safe): without it no backup can be restored,");
  console.log("and whoever holds it and an archive can read every document in it.");
  return 0;
}

async function backup(args: string[]) {
  const parsed = options(args, { out: { type: "string" }, "key-file": { type: "string" } });
  const file = parsed && newFile(parsed.values.out);
  if (!parsed || !file) return 2;
  let key;
  try {
    key = loadBackupKey({ keyFile: parsed.values["key-file"] });
  } catch (e) {
    console.error(`Backup failed: ${e instanceof Error ? e.message : String(e)}`);
    return 2;
  }
  const partial = `${file}.partial`;
  const started = Date.now();
  try {
    const sink = fs.createWriteStream(partial, { flags: "wx", mode: 0o600 });
    const viaServer = storeKind() === "pglite" && (await backupThroughServer(config.dataDir, sink, key));
    if (!viaServer) await writeBackup(sink, key);
    const { manifest } = await verifyBackup(partial, { key: () => key });
    fs.renameSync(partial, file);
    console.log(
      `Backup written to ${file} (${mib(fs.statSync(file).size)}, ${((Date.now() - started) / 1000).toFixed(1)} s${viaServer ? ", by the running server" : ""}), encrypted with the backup key ${key.id}, and checked:`,
    );
    console.log(`  ${describe(manifest)}`);
    return 0;
  } catch (e) {
    fs.rmSync(partial, { force: true });
    console.error(`Backup failed: ${e instanceof Error ? e.message : String(e)}`);
    return e instanceof DataDirLockedError ? 3 : 1;
  }
}

async function decrypt(args: string[]) {
  const parsed = options(args, { out: { type: "string" }, "key-file": { type: "string" } }, 1);
  const file = parsed && newFile(parsed.values.out);
  if (!parsed || !file) return 2;
  const partial = `${file}.partial`;
  try {
    const key = loadBackupKey({ keyFile: parsed.values["key-file"] });
    await decryptBackup(path.resolve(parsed.positionals[0]!), fs.createWriteStream(partial, { flags: "wx", mode: 0o600 }), key);
    fs.renameSync(partial, file);
    console.log(`${parsed.positionals[0]} authenticated; its .tar.gz is ${file}.`);
    return 0;
  } catch (e) {
    fs.rmSync(partial, { force: true });
    console.error(`Decrypt failed: ${e instanceof Error ? e.message : String(e)}`);
    return e instanceof BackupKeyError ? 2 : e instanceof BackupArchiveError ? 3 : 1;
  }
}

async function restoreOrVerify(what: "restore" | "verify", args: string[]) {
  const parsed = options(args, { "key-file": { type: "string" }, "allow-unauthenticated": { type: "boolean" } }, 1);
  if (!parsed) return 2;
  const file = parsed.positionals[0]!;
  const opts: ReadOptions = {
    key: () => loadBackupKey({ keyFile: parsed.values["key-file"] }),
    allowUnauthenticated: parsed.values["allow-unauthenticated"] === true,
  };
  const unauthenticated = "It is unencrypted (an earlier Signet's): nothing proves it was not edited since it was written.";
  try {
    if (what === "verify") {
      const { manifest, authenticated } = await verifyBackup(path.resolve(file), opts);
      console.log(
        authenticated
          ? `${file} is authentic (it was encrypted with this backup key) and whole: every file matches its SHA-256.`
          : `${file} is whole by its own manifest: every file matches its SHA-256. ${unauthenticated}`,
      );
      console.log(`  ${describe(manifest)}`);
      return 0;
    }
    const { manifest, target, authenticated } = await restoreBackup(path.resolve(file), opts);
    console.log(`Restored ${file} into ${target}:`);
    console.log(`  ${describe(manifest)}`);
    if (!authenticated) console.log(`  ${unauthenticated}`);
    console.log("Start Signet on it (npm run up / npm start) with the same DATA_DIR or DATABASE_URL.");
    return 0;
  } catch (e) {
    console.error(`${what === "restore" ? "Restore" : "Check"} failed: ${e instanceof Error ? e.message : String(e)}`);
    if (e instanceof BackupKeyError) return 2;
    return e instanceof BackupArchiveError || e instanceof RestoreTargetError ? 3 : 1;
  }
}

/** `mcp`: stdio ↔ the running server's /api/mcp, until the agent closes stdin. Nothing but messages on stdout. */
async function mcpOverStdio(args: string[]) {
  const { values } = parseArgs({ args, options: { url: { type: "string" } } });
  const apiKey = process.env.SIGNET_API_KEY?.trim();
  if (!apiKey) {
    console.error("Set SIGNET_API_KEY to the API key the agent acts with (its scopes decide what it may do)");
    return 2;
  }
  const url = values.url ?? `http://localhost:${process.env.PORT || 3000}`;
  try {
    new URL(url);
  } catch {
    console.error(`--url must be the address of a running Signet (${url} is not a URL)`);
    return 2;
  }
  const { bridgeStdio } = await import("@/lib/mcp/stdio-bridge");
  const bridge = await bridgeStdio({ url, apiKey, onError: (e) => console.error(`signet mcp: ${e.message}`) });
  await bridge.closed;
  return 0;
}

async function purge() {
  const { purgeSandbox } = await import("@/lib/server/purge/purge-sandbox");
  const out = await purgeSandbox();
  if (!out.ran) {
    console.error("Another instance is running the sandbox purge right now; nothing was done");
    return 3;
  }
  const { run } = out;
  console.log(`Sandbox purge: requests created before ${run.cutoff}`);
  console.log(`  requests ${run.requests}, blobs ${run.blobs}`);
  console.log(
    `  ${Object.entries(run.counts)
      .map(([table, n]) => `${table} ${n}`)
      .join(", ")}`,
  );
  if (run.error) {
    console.error(`The purge stopped: ${run.error}`);
    return 1;
  }
  return 0;
}

main()
  .then(async (code) => {
    await closeDb();
    process.exit(code);
  })
  .catch(async (e) => {
    console.error(`signet: ${e instanceof Error ? e.message : e}`);
    await closeDb().catch(() => {});
    process.exit(1);
  });
