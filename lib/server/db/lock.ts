import "server-only";
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { Socket } from "node:net";

/**
 * PGlite has no lock of its own, and a second process that opens the same directory silently
 * loses writes. So the embedded store is owned by one process through an OS lock (flock(2)) on
 * DATA_DIR/signet.lock, held for the owner's whole life and released by the kernel when it ends,
 * however it ends. A pid in a file could name a process that is still exiting (a build worker) or
 * a new process that reused the number; a kernel lock cannot be fooled either way.
 *
 * Node has no flock of its own, so the lock is held by a `flock(1)` child (util-linux, on every
 * Debian) whose stdin is a pipe from this process: when this process ends, the pipe closes, the
 * child ends and the kernel drops the lock.
 */
export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number | undefined) {
    super(
      `The data directory ${dir} is in use by process ${pid ?? "(unknown)"}. The embedded database can be opened by one ` +
        `process at a time: stop that process first, or set DATABASE_URL to a PostgreSQL server to run several.`,
    );
    this.name = "DataDirLockedError";
  }
}

const CONFLICT = 75;

/** How long to wait for a holder that is on its way out (a process that is closing the store). */
const waitSeconds = () => {
  const n = Number(process.env.SIGNET_LOCK_WAIT_SECONDS ?? 5);
  return Number.isFinite(n) && n >= 0 ? n : 5;
};

function holderPid(file: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(file, "utf8").trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Takes DATA_DIR's lock or throws DataDirLockedError; resolves to a function that releases it. */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "signet.lock");
  const child = spawn(
    "flock",
    [
      "--wait",
      String(waitSeconds()),
      "--conflict-exit-code",
      String(CONFLICT),
      file,
      "sh",
      "-c",
      "echo locked; exec cat >/dev/null",
    ],
    {
      stdio: ["pipe", "pipe", "ignore"],
    },
  );
  const exited = new Promise<number>((resolve) => child.once("exit", (code) => resolve(code ?? 1)));
  const outcome = await new Promise<"locked" | number>((resolve, reject) => {
    child.stdout!.once("data", () => resolve("locked"));
    void exited.then(resolve);
    child.once("error", (e) =>
      reject(
        (e as NodeJS.ErrnoException).code === "ENOENT"
          ? new Error("The embedded store needs the flock command (Debian package util-linux)")
          : e,
      ),
    );
  });
  if (outcome !== "locked") {
    if (outcome === CONFLICT) throw new DataDirLockedError(dir, holderPid(file));
    throw new Error(`Could not take the lock on ${dir} (flock exited with ${outcome})`);
  }
  child.stdout!.destroy();
  // Neither the child nor its pipe may keep this process alive.
  child.unref();
  (child.stdin as Socket).unref();
  fs.writeFileSync(file, String(process.pid));

  let released: Promise<void> | undefined;
  return () =>
    (released ??= (async () => {
      try {
        fs.writeFileSync(file, "");
      } catch {
        /* the directory is gone */
      }
      // Waited for with the child counted again: unref'd, its exit would not keep this process alive,
      // and a caller awaiting the release (closeDb, then process.exit with its code) would never resume.
      child.ref();
      child.stdin!.end();
      await exited;
    })());
}
