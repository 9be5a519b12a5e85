// npm run up: install what is missing, build if needed, and start Signet (API + dashboard) on PORT.
import { spawn } from "node:child_process";
import { DEBIAN, ensureBuild, ensureDebianPackages, ensureNpmPackages, log, root } from "./lib/setup.mjs";

try {
  ensureDebianPackages(DEBIAN.runtime);
  ensureNpmPackages();
  await ensureBuild();
} catch (e) {
  console.error(`[signet] ${e.message}`);
  process.exit(e.exitCode ?? 1);
}
log(`starting on port ${process.env.PORT || 3000} (data in ${process.env.DATA_DIR || "./data"})`);
const child = spawn(process.execPath, ["scripts/server.mjs"], {
  cwd: root,
  stdio: "inherit",
  env: { NEXT_TELEMETRY_DISABLED: "1", ...process.env },
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
