// DATA_DIR holds the database (signing links' secrets, API key hashes, sessions), the documents and the
// outbox: only the user Signet runs as may read it. The server and the CLI run with umask 077, so every
// file and folder they (and PGlite, and the processes they start) create is 600 / 700; a folder made by
// an earlier version (755 folders, 644 blobs, 666 PGlite files) is made private at start.
import fs from "node:fs";
import path from "node:path";

/** No permission for group or others on anything this process creates from now on (children inherit it). */
export function setPrivateUmask() {
  process.umask(0o077);
}

/** DATA_DIR as the server resolves it (lib/server/config.ts): `./data` when unset, relative to `base`. */
export function dataDirOf(env = process.env, base = process.cwd()) {
  return path.resolve(base, env.DATA_DIR || "./data");
}

/**
 * Creates `dir` (mode 700) when it is missing; otherwise takes every permission of group and others
 * off it and off everything under it (folders become 700, files 600, as `chmod -R go-rwx`). Symbolic
 * links are neither followed nor changed. An entry that cannot be changed (another owner, a read-only
 * mount) is counted in `failed` and left as it is.
 *
 * @param {string} dir
 * @returns {{ created: boolean, entries: number, changed: number, failed: { path: string, error: string }[] }}
 */
export function makeDataDirPrivate(dir) {
  const report = { created: false, entries: 0, changed: 0, failed: [] };
  // Undefined when the folder was there already (its missing parents are made 700 too).
  if (fs.mkdirSync(dir, { recursive: true, mode: 0o700 }) !== undefined) {
    fs.chmodSync(dir, 0o700); // the mode mkdir takes is reduced by the umask, never widened by it
    report.created = true;
    return report;
  }
  const visit = (p) => {
    let st;
    try {
      st = fs.lstatSync(p);
    } catch (e) {
      if (e.code === "ENOENT") return; // gone while we walked (a temporary file renamed)
      throw e;
    }
    if (st.isSymbolicLink()) return;
    report.entries++;
    if (st.mode & 0o077) {
      try {
        fs.chmodSync(p, st.mode & 0o7700);
        report.changed++;
      } catch (e) {
        if (e.code !== "ENOENT") report.failed.push({ path: p, error: e.code ?? e.message });
      }
    }
    if (st.isDirectory()) {
      let names;
      try {
        names = fs.readdirSync(p);
      } catch (e) {
        if (e.code === "ENOENT") return;
        throw e;
      }
      for (const name of names) visit(path.join(p, name));
    }
  };
  visit(dir);
  return report;
}

/**
 * The one log line of a start that changed something (undefined when nothing was to change): where,
 * and how many entries of how many.
 *
 * @param {string} dir
 * @param {{ created: boolean, entries: number, changed: number, failed: { path: string, error: string }[] }} report
 * @returns {string | undefined}
 */
export function describePrivacyFix(dir, report) {
  if (report.created) return `created the data directory ${dir} (mode 700: this user only)`;
  const failed = report.failed.length
    ? `; ${report.failed.length} could not be changed (first: ${report.failed[0].path}, ${report.failed[0].error})`
    : "";
  if (!report.changed && !failed) return undefined;
  return (
    `made the data directory ${dir} private: ${report.changed} of ${report.entries} entries had permissions for group or ` +
    `others, now removed (folders 700, files 600)${failed}`
  );
}
