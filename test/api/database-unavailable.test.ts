import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { closeDb } from "@/lib/server/db";
import { log } from "@/lib/server/log";
// @ts-expect-error: a plain ES module of the test scripts, without types
import { startTestPostgres } from "../../scripts/lib/postgres.mjs";
import { call, makeOrg } from "../support/api";

// A PostgreSQL server that restarts under the API (a real one, started for this file): connections it
// terminates (SQLSTATE 57P01 admin_shutdown) and connections it refuses while down are the documented
// 503 DATABASE_UNAVAILABLE, never a 500, and a pooled connection closed while idle is no uncaught
// exception (node-postgres emits it as an 'error' event, which with no listener ends the process).

interface TestPostgres {
  url: string;
  stop(): void;
  halt(): void;
  restart(): void;
}

const SR = "/api/v1/enterprise/signature-requests";
const TERMINATE_OTHERS =
  "select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()";

let server: TestPostgres;
let key: string;
const uncaught: unknown[] = [];
const onUncaught = (e: unknown) => uncaught.push(e);
const databaseUrl = process.env.DATABASE_URL;

beforeAll(async () => {
  process.on("uncaughtException", onUncaught);
  server = (await startTestPostgres()) as TestPostgres;
  await closeDb();
  process.env.DATABASE_URL = server.url;
  key = (await makeOrg()).sandboxKey;
}, 120_000);

afterAll(async () => {
  await closeDb();
  process.env.DATABASE_URL = databaseUrl;
  server?.stop();
  process.off("uncaughtException", onUncaught);
});

/** A connection of its own to the server (not the app's pool). */
async function admin(): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: server.url });
  c.on("error", () => {});
  await c.connect();
  return c;
}

const list = () => call("GET", SR, { key });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function expectUnavailable(r: Awaited<ReturnType<typeof list>>) {
  expect(r.status, JSON.stringify(r.body)).toBe(503);
  expect(r.body).toMatchObject({ code: 503, statusText: "Service Unavailable", data: null, errorCode: "DATABASE_UNAVAILABLE" });
  expect(r.body.message).toBe("The database is not available; retry in a moment");
  expect(r.headers.get("retry-after")).toBe("5");
  expect((r.body as unknown as { requestId?: string }).requestId).toBe(r.headers.get("x-request-id"));
}

describe("the database restarting under the API", () => {
  it("its pooled connections terminated while idle: no uncaught exception, and the next call is answered", async () => {
    // Several connections in the pool, all idle afterwards.
    for (const r of await Promise.all(Array.from({ length: 6 }, list))) expect(r.status).toBe(200);
    const warn = vi.spyOn(log(), "warn").mockImplementation(() => {});
    const c = await admin();
    try {
      const { rows } = await c.query<{ n: number }>(TERMINATE_OTHERS);
      const terminated = rows[0]!.n;
      expect(terminated).toBeGreaterThan(1);
      // Each terminated idle connection's 'error' event has arrived (one log line each), not a guessed pause: the
      // pool's, and the one that hears other instances' announcements (lib/server/db/announcements.ts).
      await vi.waitFor(
        () => {
          const closed = warn.mock.calls.filter((a) =>
            a.some((x) => String(x).includes("closed an idle connection") || String(x).includes("not hearing the database")),
          );
          expect(closed.length).toBeGreaterThanOrEqual(terminated);
        },
        { timeout: 20_000, interval: 20 },
      );
    } finally {
      warn.mockRestore();
      await c.end();
    }
    expect(uncaught).toEqual([]);
    expect((await list()).status).toBe(200);
  });

  it("a statement whose connection is terminated while it runs (57P01) is 503 DATABASE_UNAVAILABLE", async () => {
    const c = await admin();
    try {
      // The call waits on a lock, so that it is running when its backend is terminated (the list's own table:
      // the key may be known without a statement).
      await c.query("begin");
      await c.query("lock table signature_requests in access exclusive mode");
      const pending = list();
      for (let i = 0; ; i++) {
        const { rows } = await c.query<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
        );
        if (rows[0]!.n > 0) break;
        if (i > 100) throw new Error("the call never waited on the lock");
        await sleep(50); // between a bounded poll's tries
      }
      expect((await c.query<{ n: number }>(TERMINATE_OTHERS)).rows[0]!.n).toBeGreaterThan(0);
      expectUnavailable(await pending);
      await c.query("rollback");
    } finally {
      await c.end();
    }
    expect(uncaught).toEqual([]);
    expect((await list()).status).toBe(200);
  });

  it("while the server is down every call is 503 DATABASE_UNAVAILABLE (connection refused); once it is back, 200", async () => {
    expect((await list()).status).toBe(200);
    server.halt();
    try {
      expectUnavailable(await list());
      expectUnavailable(await list());
      // A read of one request too (its revision is a statement, whatever is kept in memory).
      expectUnavailable(await call("GET", `${SR}/00000000-0000-4000-8000-000000000000`, { key }));
    } finally {
      server.restart();
    }
    expect(uncaught).toEqual([]);
    expect((await list()).status).toBe(200);
  });
});
