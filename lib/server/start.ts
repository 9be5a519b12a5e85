import "server-only";
import { getHandle } from "./db";
import { bootstrap, printBanner } from "./bootstrap";
import { checkSealingConfig, config } from "./config";
import { requeueOrphanedJobs, startWorker } from "./jobs/worker";
import { checkBlobStoreChoice } from "./blobs/settings";

export async function startServer() {
  try {
    checkSealingConfig();
    await checkBlobStoreChoice();
    const handle = await getHandle();
    if (handle.kind === "pglite") {
      const n = await requeueOrphanedJobs();
      if (n) console.log(`[signet] ${n} job(s) interrupted by the last stop will run again`);
    }
    const report = await bootstrap();
    printBanner(report, config.publicBaseUrl);
    if (config.workerEnabled) startWorker();
  } catch (e) {
    console.error(`\n[signet] cannot start: ${e instanceof Error ? e.message : e}\n`);
    process.exit(1);
  }
}
