// A throwaway PostgreSQL server from Debian's package, for the integration tests' second run.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

function pgBin(name) {
  const base = "/usr/lib/postgresql";
  if (fs.existsSync(base)) {
    const versions = fs.readdirSync(base).sort((a, b) => Number(b) - Number(a));
    for (const v of versions) {
      const p = path.join(base, v, "bin", name);
      if (fs.existsSync(p)) return p;
    }
  }
  return name;
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });

/** initdb + pg_ctl start in a temporary directory; as root, the server runs as the postgres user. */
export async function startTestPostgres() {
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-pg-"));
  const data = path.join(dir, "data");
  const port = await freePort();
  const as = (cmd, args) => (asRoot ? ["runuser", ["-u", "postgres", "--", cmd, ...args]] : [cmd, args]);
  if (asRoot) execFileSync("chown", ["-R", "postgres:postgres", dir]);
  const run = (cmd, args) => {
    const [c, a] = as(cmd, args);
    const r = spawnSync(c, a, { encoding: "utf8" });
    if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr || r.stdout}`);
  };
  run(pgBin("initdb"), ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
  const start = () =>
    run(pgBin("pg_ctl"), [
      "-D",
      data,
      "-l",
      path.join(dir, "log"),
      "-w",
      "-o",
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      "start",
    ]);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    /** Shuts the server down, its data kept (connections are refused until `restart`): a database restart's first half. */
    halt() {
      run(pgBin("pg_ctl"), ["-D", data, "-m", "fast", "-w", "stop"]);
    },
    /** Starts it again after `halt`, on the same port with the same data. */
    restart: start,
    stop() {
      try {
        run(pgBin("pg_ctl"), ["-D", data, "-m", "immediate", "stop"]);
      } catch {
        /* already stopped */
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

// `node scripts/lib/postgres.mjs`: start one and print its URL (used by .ci/run).
if (process.argv[1] && path.resolve(process.argv[1]) === new URL(import.meta.url).pathname) {
  const pg = await startTestPostgres();
  console.log(pg.url);
}
