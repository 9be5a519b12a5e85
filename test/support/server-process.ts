import { spawn, type ChildProcess } from "node:child_process";
import { serverArgs, serverEnv } from "../../scripts/lib/server-command.mjs";
import net from "node:net";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "../..");

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts the built server (`npm start`'s scripts/server.mjs, with its memory settings) on its own port and data directory. */
export async function startServer(env: Record<string, string>, opts: { waitHealthy?: boolean } = {}): Promise<ServerProcess> {
  const port = Number(env.PORT) || (await freePort());
  let out = "";
  const childEnv = serverEnv({ ...process.env, DATABASE_URL: "", ...env, PORT: String(port) });
  const child = spawn(process.execPath, serverArgs(childEnv), {
    cwd: root,
    env: childEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const proc: ServerProcess = {
    child,
    url,
    output: () => out,
    exited,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  if (opts.waitHealthy !== false) {
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${out}`);
      try {
        const r = await fetch(`${url}/api/health`);
        if (r.ok && out.includes("Signet is running")) break;
      } catch {
        /* not listening yet */
      }
      if (Date.now() > deadline) throw new Error(`server did not become healthy:\n${out}`);
      await new Promise((r) => setTimeout(r, 200)); // between a bounded poll's tries
    }
  }
  return proc;
}

/**
 * `npm run signet -- …` as an operator runs it (scripts/signet.mjs), with the embedded store and the file
 * blob store unless `env` says otherwise: its exit code and its output (stdout and stderr).
 */
export function signetCli(args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["scripts/signet.mjs", ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: "", BLOB_STORE: "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout!.on("data", (d) => (out += d));
    child.stderr!.on("data", (d) => (out += d));
    child.on("exit", (code) => resolve({ code, out }));
  });
}

/**
 * Polls `get` every 250 ms until it gives something (at most `ms`); on a timeout the error names `what`
 * and shows the last output of `servers`, each under its letter (A, B, …).
 */
export async function waitFor<T>(
  what: string,
  get: () => T | null | undefined | false | Promise<T | null | undefined | false>,
  opts: { ms?: number; servers?: ServerProcess[] } = {},
): Promise<T> {
  const end = Date.now() + (opts.ms ?? 60_000);
  for (;;) {
    const v = await get();
    if (v) return v;
    if (Date.now() > end) {
      const outputs = (opts.servers ?? []).map((s, i) => `${String.fromCharCode(65 + i)}:\n${s.output().slice(-3000)}`);
      throw new Error([`timed out waiting for ${what}`, ...outputs].join("\n"));
    }
    await new Promise((r) => setTimeout(r, 250)); // between a bounded poll's tries
  }
}

/**
 * Waits until no job of `types` is queued or running on the server's store (GET /metrics'
 * signet_jobs_queued, which the server must expose with `token` as METRICS_TOKEN): nothing is left that
 * could send a mail or a webhook again. What "no duplicate came" waits for, instead of a pause.
 */
export async function jobsSettled(s: ServerProcess, token: string, types: string[], opts: { ms?: number } = {}): Promise<void> {
  await waitFor(
    `no ${types.join(" or ")} job left in the queue`,
    async () => {
      const r = await fetch(`${s.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
      if (r.status !== 200) throw new Error(`GET /metrics answered ${r.status}: is METRICS_TOKEN set on the server?`);
      const text = await r.text();
      return !types.some((t) => new RegExp(`^signet_jobs_queued\\{type="${t}"\\} [1-9]`, "m").test(text));
    },
    { ms: opts.ms, servers: [s] },
  );
}
