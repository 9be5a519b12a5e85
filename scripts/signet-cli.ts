// The operator's commands. `keys create` works on the store directly, so with the embedded store the
// server must be stopped (one process owns the data directory; a second gets a clear error).
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { closeDb, getDb, storeKind } from "@/lib/server/db";
import { config } from "@/lib/server/config";
import { DataDirLockedError } from "@/lib/server/db/lock";
import { backupThroughServer } from "@/lib/server/backup/backup-socket";
import { writeBackup } from "@/lib/server/backup/write-backup";
import { BackupArchiveError, RestoreTargetError, restoreBackup, verifyBackup } from "@/lib/server/backup/read-backup";
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
  npm run signet -- backup --out FILE
      Writes one archive (.tar.gz) of the database and every document, with a manifest of counts and
      SHA-256s, and checks it. The server may keep running: with the embedded store it is asked for the
      archive (over DATA_DIR's socket); with DATABASE_URL the database is read in one snapshot.
  npm run signet -- restore FILE
      Checks the whole archive (every SHA-256), then restores it into an empty DATA_DIR (or the empty
      database of DATABASE_URL and its empty blob store), and runs this Signet's later migrations over it.
  npm run signet -- verify FILE
      Checks an archive without restoring it.
  npm run signet -- purge
      Runs the sandbox purge now (sandbox requests older than SANDBOX_RETENTION_DAYS, and the blobs
      only they used) and prints what it deleted. Production data is never touched.`;

async function main() {
  const [group, cmd, ...rest] = process.argv.slice(2);
  if (group === "staff" && cmd === "create") return createStaff(rest);
  if (group === "purge" && cmd === undefined) return purge();
  if (group === "blobs" && cmd === "migrate") return migrate(rest);
  if (group === "backup") return backup([cmd, ...rest].filter((a): a is string => a !== undefined));
  if (group === "restore" || group === "verify")
    return restoreOrVerify(
      group,
      [cmd, ...rest].filter((a): a is string => a !== undefined),
    );
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
  const db = await getDb();
  const report = await bootstrap();
  if (report.generatedPassword)
    console.log(`First start of this store: staff login ${report.adminEmail} / ${report.generatedPassword}`);
  if (report.generatedSandboxKey) console.log(`First start of this store: sandbox key ${report.generatedSandboxKey}`);
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
  const db = await getDb();
  const report = await bootstrap();
  if (report.generatedPassword)
    console.log(`First start of this store: staff login ${report.adminEmail} / ${report.generatedPassword}`);
  if (report.generatedSandboxKey) console.log(`First start of this store: sandbox key ${report.generatedSandboxKey}`);
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

async function backup(args: string[]) {
  const { values } = parseArgs({ args, options: { out: { type: "string" } } });
  const out = values.out?.trim();
  if (!out) {
    console.error("--out FILE is required");
    console.error(usage);
    return 2;
  }
  const file = path.resolve(out);
  if (fs.existsSync(file)) {
    console.error(`${file} exists: name a new file (a backup never overwrites one)`);
    return 2;
  }
  const partial = `${file}.partial`;
  const started = Date.now();
  try {
    const sink = fs.createWriteStream(partial, { flags: "wx", mode: 0o600 });
    const viaServer = storeKind() === "pglite" && (await backupThroughServer(config.dataDir, sink));
    if (!viaServer) await writeBackup(sink);
    const manifest = await verifyBackup(partial);
    fs.renameSync(partial, file);
    console.log(
      `Backup written to ${file} (${mib(fs.statSync(file).size)}, ${((Date.now() - started) / 1000).toFixed(1)} s${viaServer ? ", by the running server" : ""}) and checked:`,
    );
    console.log(`  ${describe(manifest)}`);
    return 0;
  } catch (e) {
    fs.rmSync(partial, { force: true });
    console.error(`Backup failed: ${e instanceof Error ? e.message : String(e)}`);
    return e instanceof DataDirLockedError ? 3 : 1;
  }
}

async function restoreOrVerify(what: "restore" | "verify", args: string[]) {
  const [file, ...more] = args;
  if (!file || more.length) {
    console.error(usage);
    return 2;
  }
  try {
    if (what === "verify") {
      const manifest = await verifyBackup(path.resolve(file));
      console.log(`${file} is whole: every file matches its SHA-256.`);
      console.log(`  ${describe(manifest)}`);
      return 0;
    }
    const { manifest, target } = await restoreBackup(path.resolve(file));
    console.log(`Restored ${file} into ${target}:`);
    console.log(`  ${describe(manifest)}`);
    console.log("Start Signet on it (npm run up / npm start) with the same DATA_DIR or DATABASE_URL.");
    return 0;
  } catch (e) {
    console.error(`${what === "restore" ? "Restore" : "Check"} failed: ${e instanceof Error ? e.message : String(e)}`);
    return e instanceof BackupArchiveError || e instanceof RestoreTargetError ? 3 : 1;
  }
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
