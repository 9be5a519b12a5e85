// A second local user (`nobody`) looking at Signet's data folder: what it can list and read, and the
// permission bits of every entry. The private DATA_DIR tests (API level and the real server) use them.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** Runs a command as `nobody` (`read`: the first bytes of a file): whether it succeeded, and what it printed. */
export function asNobody(cmd: string, ...args: string[]) {
  const argv = cmd === "read" ? ["head", "-c", "256", ...args] : [cmd, ...args];
  const r = spawnSync("runuser", ["-u", "nobody", "--", ...argv], { encoding: "utf8" });
  return { ok: r.status === 0, out: r.stdout + r.stderr };
}

/** Every entry under `dir` (itself included, symbolic links not followed): relative path → permission bits. */
export function modes(dir: string): Map<string, number> {
  const out = new Map<string, number>();
  const walk = (p: string) => {
    let st: fs.Stats;
    try {
      st = fs.lstatSync(p);
    } catch {
      return; // gone while we looked (a temporary file of a running server)
    }
    if (st.isSymbolicLink()) return;
    out.set(path.relative(dir, p) || ".", st.mode & 0o7777);
    if (st.isDirectory()) for (const n of fs.readdirSync(p)) walk(path.join(p, n));
  };
  walk(dir);
  return out;
}
