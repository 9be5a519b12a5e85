import "server-only";
import { getDb } from "./db";
import { bootstrap, printBanner } from "./bootstrap";
import { config } from "./config";
import { startWorker } from "./jobs/worker";

export async function startServer() {
  try {
    await getDb();
    const report = await bootstrap();
    printBanner(report, config.publicBaseUrl);
    if (config.workerEnabled) startWorker();
  } catch (e) {
    console.error(`\n[signet] cannot start: ${e instanceof Error ? e.message : e}\n`);
    process.exit(1);
  }
}
