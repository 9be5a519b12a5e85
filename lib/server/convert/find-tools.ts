import "server-only";
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** An executable: `explicit` when given (and present), else `name` on the PATH, then in `extraDirs`; null when there is none. */
export function findExecutable(name: string, explicit?: string, extraDirs: string[] = []): string | null {
  if (explicit) return fs.existsSync(explicit) ? explicit : null;
  for (const dir of [...(process.env.PATH ?? "").split(path.delimiter), ...extraDirs]) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

/** The LibreOffice launcher: SIGNET_SOFFICE, else `soffice` on the PATH; null when there is none. */
export const findSoffice = (explicit = process.env.SIGNET_SOFFICE) => findExecutable("soffice", explicit);

const canImportUno = (python: string) =>
  new Promise<boolean>((resolve) => {
    execFile(python, ["-c", "import uno"], { timeout: 15_000 }, (err) => resolve(!err));
  });

let cached: Promise<string | null> | undefined;

/**
 * A Python that can `import uno` (Debian's python3-uno installs it for the system Python only,
 * so /usr/bin/python3 is tried before whatever `python3` the PATH names). SIGNET_PYTHON overrides.
 */
export function findUnoPython(): Promise<string | null> {
  return (cached ??= (async () => {
    const candidates = process.env.SIGNET_PYTHON ? [process.env.SIGNET_PYTHON] : ["/usr/bin/python3", "python3"];
    for (const py of candidates) if (await canImportUno(py)) return py;
    return null;
  })());
}
