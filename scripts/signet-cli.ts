// The operator's commands. `keys create` works on the store directly, so with the embedded store the
// server must be stopped (one process owns the data directory; a second gets a clear error).
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { closeDb, getDb } from "@/lib/server/db";
import { organizations } from "@/lib/server/db/schema";
import { insertApiKey } from "@/lib/server/api-keys/create-api-key";
import { bootstrap } from "@/lib/server/bootstrap";
import { createStaffAccount } from "@/lib/server/staff/invite-staff";
import { LINK_HOURS, staffLinkUrl } from "@/lib/server/staff/staff-links";
import { zInviteStaff } from "@/lib/schemas/staff";

const usage = `Usage:
  npm run signet -- keys create --name NAME [--env sandbox|production]
      Creates an API key for the default organization and prints it as the last line.
      A production key needs the ENTERPRISE plan (SIGNET_BOOTSTRAP_PLAN=ENTERPRISE at start).
  npm run signet -- staff create --email EMAIL --role admin|member [--name NAME]
      Creates a staff account in the default organization and prints, as the last line, its one-time
      link to set a password (valid ${LINK_HOURS.INVITE} hours; nothing is mailed).
  npm run signet -- purge
      Runs the sandbox purge now (sandbox requests older than SANDBOX_RETENTION_DAYS, and the blobs
      only they used) and prints what it deleted. Production data is never touched.`;

async function main() {
  const [group, cmd, ...rest] = process.argv.slice(2);
  if (group === "staff" && cmd === "create") return createStaff(rest);
  if (group === "purge" && cmd === undefined) return purge();
  if (group !== "keys" || cmd !== "create") {
    console.error(usage);
    return 2;
  }
  const { values } = parseArgs({ args: rest, options: { name: { type: "string" }, env: { type: "string", default: "sandbox" } } });
  const name = values.name?.trim() ?? "";
  if (name.length < 1 || name.length > 200) {
    console.error("Name must be between 1 and 200 characters");
    return 2;
  }
  const env = values.env?.toLowerCase() === "production" ? "PRODUCTION" : values.env?.toLowerCase() === "sandbox" ? "SANDBOX" : null;
  if (!env) {
    console.error("--env must be sandbox or production");
    return 2;
  }
  const db = await getDb();
  const report = await bootstrap();
  if (report.generatedPassword) console.log(`First start of this store: staff login ${report.adminEmail} / ${report.generatedPassword}`);
  if (report.generatedSandboxKey) console.log(`First start of this store: sandbox key ${report.generatedSandboxKey}`);
  const [org] = await db.select().from(organizations).where(eq(organizations.id, report.orgId));
  if (env === "PRODUCTION" && org.plan !== "ENTERPRISE") {
    console.error("Enterprise plan required for production API keys");
    return 3;
  }
  const { row, apiKey } = await insertApiKey(db, { orgId: org.id, name, environment: env });
  console.log(`Created ${env.toLowerCase()} key "${row.name}" (${row.keyPrefix}…) for ${org.name}. It is shown only once:`);
  console.log(apiKey);
  return 0;
}

async function createStaff(args: string[]) {
  const { values } = parseArgs({ args, options: { email: { type: "string" }, role: { type: "string" }, name: { type: "string" } } });
  const email = values.email?.trim().toLowerCase() ?? "";
  const parsed = zInviteStaff.safeParse({ email, name: values.name?.trim() || email.split("@")[0], role: values.role?.toUpperCase() });
  if (!values.role || !parsed.success) {
    console.error(parsed.success ? "--role must be admin or member" : parsed.error.issues.map((i) => i.message).join("; "));
    console.error(usage);
    return 2;
  }
  const db = await getDb();
  const report = await bootstrap();
  if (report.generatedPassword) console.log(`First start of this store: staff login ${report.adminEmail} / ${report.generatedPassword}`);
  if (report.generatedSandboxKey) console.log(`First start of this store: sandbox key ${report.generatedSandboxKey}`);
  let created;
  try {
    created = await db.transaction((tx) => createStaffAccount(tx, { orgId: report.orgId, ...parsed.data, createdBy: null, mail: false }));
  } catch (e) {
    console.error(e instanceof Error ? e.message : String(e));
    return 3;
  }
  const { user, link } = created;
  console.log(`Created ${user.role.toLowerCase()} ${user.name} <${user.email}>. Their one-time link to set a password (until ${link.expiresAt.toISOString()}):`);
  console.log(staffLinkUrl(link.token));
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
  console.log(`  ${Object.entries(run.counts).map(([table, n]) => `${table} ${n}`).join(", ")}`);
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
