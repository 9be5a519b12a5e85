// npm run signet -- <command>: the operator's command line (runs the TypeScript CLI with tsx).
import { spawnSync } from "node:child_process";
import { root } from "./lib/setup.mjs";

const r = spawnSync(
  process.execPath,
  ["--conditions=react-server", "--import", "tsx", "scripts/signet-cli.ts", ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: "inherit",
  },
);
process.exit(r.status ?? 1);
