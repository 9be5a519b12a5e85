import "server-only";
import { rowsOf } from "../db/rows";
import fs from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { config } from "../config";
import { getDb, getHandle } from "../db";

/**
 * Signet's Prometheus metrics (GET /metrics). Two kinds:
 * - this process's own: HTTP requests by route (the operation's path template, never a raw URL),
 *   method and status with their latency, and the document engine's tasks and refusals, counted here;
 * - the service's, read from the database when scraped, so every instance reports the same truth:
 *   the queue's depth and oldest job by type, jobs failed for good, seals done and failed, mails sent
 *   and given up on, webhook deliveries by outcome; and the embedded store's size on this disk.
 * Kept on globalThis: Next.js may load this module more than once in one process.
 */
interface Metrics {
  registry: Registry;
  httpRequests: Counter<"route" | "method" | "status">;
  httpDuration: Histogram<"route" | "method">;
  engineTasks: Counter<"task" | "outcome">;
  engineRefusals: Counter<"reason">;
  backups: Counter<"outcome">;
  backupLastSuccess: Gauge;
}

const g = globalThis as unknown as { __signetMetrics?: Metrics };

export function metrics(): Metrics {
  if (g.__signetMetrics) return g.__signetMetrics;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "signet_" });
  const m: Metrics = {
    registry,
    httpRequests: new Counter({
      name: "signet_http_requests_total",
      help: "API requests answered, by route (the operation's path), method and status",
      labelNames: ["route", "method", "status"],
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: "signet_http_request_duration_seconds",
      help: "Time to answer an API request, by route and method",
      labelNames: ["route", "method"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    }),
    engineTasks: new Counter({
      name: "signet_engine_tasks_total",
      help: "Document engine tasks run by this process, by task and outcome (ok, refused: the document's fault, error: ours)",
      labelNames: ["task", "outcome"],
      registers: [registry],
    }),
    engineRefusals: new Counter({
      name: "signet_engine_refusals_total",
      help: "Documents the engine refused, by reason (TOO_COMPLEX, UNPARSEABLE, ...)",
      labelNames: ["reason"],
      registers: [registry],
    }),
    backups: new Counter({
      name: "signet_backups_total",
      help: "Scheduled backups (BACKUP_DIR) made by this process, by outcome (ok, failed)",
      labelNames: ["outcome"],
      registers: [registry],
    }),
    backupLastSuccess: new Gauge({
      name: "signet_backup_last_success_timestamp_seconds",
      help: "When this process last finished a scheduled backup (Unix time; 0: not yet)",
      registers: [registry],
    }),
  };
  fromDatabase(registry);
  g.__signetMetrics = m;
  return m;
}

type Row = Record<string, unknown>;
async function rows(q: ReturnType<typeof sql>): Promise<Row[]> {
  const db = await getDb();
  return rowsOf<Row>(await db.execute(q));
}

/** Gauges read from the database at each scrape (collect), the same on every instance. */
function fromDatabase(registry: Registry) {
  new Gauge({
    name: "signet_jobs_queued",
    help: "Jobs waiting in the queue (QUEUED or RUNNING), by type",
    labelNames: ["type"],
    registers: [registry],
    async collect() {
      this.reset();
      for (const r of await rows(
        sql`select type, count(*)::int as n from jobs where status in ('QUEUED', 'RUNNING') group by type`,
      ))
        this.set({ type: String(r.type) }, Number(r.n));
    },
  });
  new Gauge({
    name: "signet_jobs_oldest_age_seconds",
    help: "Age of the oldest job due and not done, by type (0 when none)",
    labelNames: ["type"],
    registers: [registry],
    async collect() {
      this.reset();
      for (const r of await rows(
        sql`select type, extract(epoch from (now() - min(run_at)))::float as age from jobs
            where status in ('QUEUED', 'RUNNING') and run_at <= now() group by type`,
      ))
        this.set({ type: String(r.type) }, Math.max(0, Number(r.age)));
    },
  });
  new Gauge({
    name: "signet_jobs_failed",
    help: "Jobs failed for good (every attempt used), by type: each left a visible state and a way to retry",
    labelNames: ["type"],
    registers: [registry],
    async collect() {
      this.reset();
      for (const r of await rows(sql`select type, count(*)::int as n from jobs where status = 'FAILED' group by type`))
        this.set({ type: String(r.type) }, Number(r.n));
    },
  });
  new Gauge({
    name: "signet_seals",
    help: "Requests sealed (COMPLETED) and requests whose seal failed for good and is not yet redone",
    labelNames: ["outcome"],
    registers: [registry],
    async collect() {
      const [r] = await rows(sql`select
        count(*) filter (where status = 'COMPLETED')::int as done,
        count(*) filter (where seal_failed_at is not null)::int as failed
        from signature_requests`);
      this.set({ outcome: "done" }, Number(r?.done ?? 0));
      this.set({ outcome: "failed" }, Number(r?.failed ?? 0));
    },
  });
  new Gauge({
    name: "signet_documents",
    help: "Documents of requests, sealed (each its own PAdES PDF) or not yet",
    labelNames: ["state"],
    registers: [registry],
    async collect() {
      const [r] = await rows(sql`select count(*)::int as n,
        count(*) filter (where exists (select 1 from document_versions v where v.document_id = d.id and v.reason = 'SEALED'))::int as sealed
        from request_documents d`);
      const sealed = Number(r?.sealed ?? 0);
      this.set({ state: "sealed" }, sealed);
      this.set({ state: "open" }, Number(r?.n ?? 0) - sealed);
    },
  });
  new Gauge({
    name: "signet_mails",
    help: "Mails sent (smtp) or written to the outbox (outbox), and mails given up on (failed: their jobs FAILED)",
    labelNames: ["outcome"],
    registers: [registry],
    async collect() {
      this.reset();
      for (const r of await rows(sql`select via, count(*)::int as n from mail_log group by via`))
        this.set({ outcome: String(r.via) }, Number(r.n));
      const [f] = await rows(
        sql`select count(*)::int as n from jobs where status = 'FAILED' and type in ('invitation', 'notify', 'signer-code', 'visitor-code', 'staff-link')`,
      );
      this.set({ outcome: "failed" }, Number(f?.n ?? 0));
    },
  });
  new Gauge({
    name: "signet_public_link_requests",
    help: "Each public link that is not revoked: its page views (visits), the requests its visitors started, and those completed",
    labelNames: ["link", "state"],
    registers: [registry],
    async collect() {
      this.reset();
      for (const r of await rows(sql`select l.id, l.visits,
          (select count(*) from public_visits v where v.link_id = l.id and v.status = 'STARTED')::int as started,
          (select count(*) from signature_requests q where q.public_link_id = l.id and q.status = 'COMPLETED')::int as completed
          from public_links l where l.status <> 'REVOKED'`)) {
        const link = String(r.id);
        this.set({ link, state: "visits" }, Number(r.visits));
        this.set({ link, state: "started" }, Number(r.started));
        this.set({ link, state: "completed" }, Number(r.completed));
      }
    },
  });
  new Gauge({
    name: "signet_webhook_deliveries",
    help: "Webhook deliveries by outcome (PENDING, DELIVERED, FAILED)",
    labelNames: ["outcome"],
    registers: [registry],
    async collect() {
      this.reset();
      for (const r of await rows(sql`select status, count(*)::int as n from webhook_deliveries group by status`))
        this.set({ outcome: String(r.status) }, Number(r.n));
    },
  });
  new Gauge({
    name: "signet_store_bytes",
    help: "Size on disk of the embedded store (DATA_DIR/pg); 0 on a PostgreSQL server",
    registers: [registry],
    async collect() {
      const handle = await getHandle();
      this.set(handle.kind === "pglite" ? await dirSize(path.join(config.dataDir, "pg")) : 0);
    },
  });
}

async function dirSize(dir: string): Promise<number> {
  let total = 0;
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const e of entries) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) total += await dirSize(p);
    else if (e.isFile()) total += (await fs.stat(p).catch(() => ({ size: 0 }))).size;
  }
  return total;
}
