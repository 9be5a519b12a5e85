// npm run up: install what is missing, build if needed, and start Signet (API + dashboard) on PORT.
import { DEBIAN, ensureBuild, ensureDebianPackages, ensureNpmPackages, log, root } from "./lib/setup.mjs";
import { runServer, serverHeapMb } from "./lib/server-command.mjs";

try {
  ensureDebianPackages(DEBIAN.runtime);
  ensureNpmPackages();
  serverHeapMb(); // a malformed SIGNET_HEAP_MB is refused before anything is built
  await ensureBuild();
} catch (e) {
  console.error(`[signet] ${e.message}`);
  process.exit(e.exitCode ?? 1);
}
log(`starting on port ${process.env.PORT || 3000} (data in ${process.env.DATA_DIR || "./data"})`);
await runServer(root, { readable: true });
