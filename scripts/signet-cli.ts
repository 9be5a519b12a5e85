// The operator's commands. `keys create` works on the store directly, so with the embedded store the
// server must be stopped (one process owns the data directory; a second gets a clear error).
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { closeDb, getDb } from "@/lib/server/db";
import { organizations } from "@/lib/server/db/schema";
import { insertApiKey } from "@/lib/server/api-keys/create-api-key";
import { bootstrap } from "@/lib/server/bootstrap";

const usage = `Usage:
  npm run signet -- keys create --name NAME [--env sandbox|production]
      Creates an API key for the default organization and prints it as the last line.
      A production key needs the ENTERPRISE plan (SIGNET_BOOTSTRAP_PLAN=ENTERPRISE at start).`;

async function main() {
  const [group, cmd, ...rest] = process.argv.slice(2);
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
