import "server-only";
import { errField, log } from "./log";
import { getHandle } from "./db";
import { bootstrap, printBanner } from "./bootstrap";
import { checkSealingConfig, config } from "./config";
import { requeueOrphanedJobs, startWorker } from "./worker/worker";
import { checkBlobStoreChoice } from "./blobs/settings";
import { serveBackups } from "./backup/backup-socket";
import { backupSchedule, startScheduledBackups } from "./backup/scheduled-backups";
import { applyOperatorOidc, operatorOidc } from "./sso/operator-connection";

export async function startServer() {
  try {
    for (const warning of checkSealingConfig()) log().warn(warning);
    // Read now, so that a bad DRAW_PAGES_AHEAD stops the start instead of every send.
    if (config.drawPagesAhead === 0) log().info("pages are drawn when a signer first asks for them (DRAW_PAGES_AHEAD=0)");
    await checkBlobStoreChoice();
    // Read now, so that a bad OIDC_* setting stops the start instead of every sign-in.
    operatorOidc();
    const handle = await getHandle();
    if (handle.kind === "pglite") {
      const n = await requeueOrphanedJobs();
      if (n) log().info(`${n} job(s) interrupted by the last stop will run again`);
    }
    const schedule = backupSchedule();
    const report = await bootstrap();
    await applyOperatorOidc(report.orgId);
    if (handle.kind === "pglite" && config.databaseUrl !== "memory://")
      // Without it the server still runs; `npm run signet -- backup` then needs the server stopped.
      await serveBackups(config.dataDir, (e) =>
        log().error({ err: errField(e) }, "backup (npm run signet -- backup) failed"),
      ).catch((e) =>
        log().warn({ err: errField(e) }, "no backup socket: `npm run signet -- backup` will need the server stopped"),
      );
    if (schedule) startScheduledBackups(schedule, log());
    printBanner(report, config.publicBaseUrl);
    if (config.workerEnabled) startWorker();
  } catch (e) {
    log().fatal({ err: errField(e) }, `cannot start: ${e instanceof Error ? e.message : e}`);
    process.exit(1);
  }
}
