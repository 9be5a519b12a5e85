import "server-only";
import fs from "node:fs";
import path from "node:path";

/**
 * PGlite has no lock of its own, and a second process that opens the same directory silently
 * loses writes. So the embedded store is owned by one process, recorded in DATA_DIR/signet.lock.
 * A lock whose process is gone (kill -9, crash) is taken over.
 */
export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The data directory ${dir} is in use by process ${pid}. The embedded database can be opened by one ` +
        `process at a time: stop that process first, or set DATABASE_URL to a PostgreSQL server to run several.`,
    );
    this.name = "DataDirLockedError";
  }
}

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "signet.lock");
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(file, "wx");
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(file, "utf8").trim() === String(process.pid)) fs.unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
      process.once("exit", release);
      return release;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      const pid = Number(fs.readFileSync(file, "utf8").trim());
      if (pid === process.pid) throw new Error(`The data directory ${dir} is already open in this process.`);
      if (alive(pid)) throw new DataDirLockedError(dir, pid);
      // Stale: its owner died without releasing it.
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not take the lock on ${dir}`);
}
