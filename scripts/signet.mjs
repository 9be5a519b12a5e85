// npm run signet -- <command>: the operator's command line (runs the TypeScript CLI with tsx).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { root } from "./lib/setup.mjs";
import { dataDirOf, describePrivacyFix, makeDataDirPrivate, setPrivateUmask } from "../lib/private-data-dir.mjs";

// The CLI writes into DATA_DIR (the embedded store, documents, a restore): for this user only, like the
// server; the CLI process inherits the umask. An existing folder an earlier version left readable is
// made private (said on stderr: stdout is the command's own output).
setPrivateUmask();
const dataDir = dataDirOf(process.env, root); // the CLI runs in the project's folder
if (fs.existsSync(dataDir)) {
  try {
    const report = makeDataDirPrivate(dataDir);
    const fixed = describePrivacyFix(dataDir, report);
    if (fixed) console.error(`[signet] ${fixed}`);
  } catch (e) {
    console.error(`[signet] the data directory ${dataDir} could not be made private: ${e instanceof Error ? e.message : e}`);
  }
}

const r = spawnSync(
  process.execPath,
  ["--conditions=react-server", "--import", "tsx", "scripts/signet-cli.ts", ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: "inherit",
  },
);
process.exit(r.status ?? 1);
