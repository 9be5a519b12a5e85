// What `npm run up` and `npm test` share: install what is missing (Debian and npm packages) and build
// when the sources changed since the last build. Uses only Node's own modules: it runs before npm install.
import { execFileSync, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");

export function log(msg) {
  console.log(`\x1b[36m[signet]\x1b[0m ${msg}`);
}

export function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: "inherit", cwd: root, ...opts, env: { ...process.env, ...opts.env } });
  if (r.status !== 0) {
    const e = new Error(`${cmd} ${args.join(" ")} failed (exit ${r.status ?? r.signal})`);
    e.exitCode = r.status ?? 1;
    throw e;
  }
}

const installed = (pkg) => {
  const r = spawnSync("dpkg-query", ["-W", "-f=${Status}", pkg], { encoding: "utf8" });
  return r.status === 0 && r.stdout.includes("install ok installed");
};

/** Debian packages: each named with why the project needs it. */
export const DEBIAN = {
  runtime: [
    "libreoffice-writer-nogui",
    "python3-uno",
    "fonts-crosextra-carlito",
    "fonts-crosextra-caladea",
    "fonts-dejavu-core",
    "fonts-liberation",
    // pdftoppm draws the pages the signer's page shows (lib/pdf/render.ts); poppler-data: CJK and other encodings.
    "poppler-utils",
    "poppler-data",
  ],
  // libtasn1-doc: a pdfTeX PDF (object streams) for the corpus the PDF reader is checked against (lib/pdf/xref.test.ts).
  test: ["chromium", "qpdf", "postgresql", "libtasn1-doc"],
};

export function ensureDebianPackages(pkgs) {
  const missing = pkgs.filter((p) => !installed(p));
  if (missing.length === 0) return;
  if (spawnSync("which", ["apt-get"]).status !== 0) {
    log(`missing system packages (${missing.join(", ")}) and no apt-get here: install them by hand`);
    return;
  }
  const sudo = process.getuid?.() === 0 ? [] : ["sudo"];
  log(`installing Debian packages: ${missing.join(" ")}`);
  const aptEnv = { DEBIAN_FRONTEND: "noninteractive" };
  const cmd = (args) => (sudo.length ? run("sudo", args, { env: aptEnv }) : run(args[0], args.slice(1), { env: aptEnv }));
  cmd(["apt-get", "update", "-qq"]);
  cmd(["apt-get", "install", "-y", "-qq", "--no-install-recommends", ...missing]);
}

export function ensureNpmPackages() {
  const lock = path.join(root, "package-lock.json");
  const marker = path.join(root, "node_modules", ".package-lock.json");
  const stale = !fs.existsSync(marker) || fs.statSync(marker).mtimeMs < fs.statSync(lock).mtimeMs;
  if (!stale) return;
  // `npm install` from the lock file rather than `npm ci`: npm 11 here leaves other platforms'
  // optional packages (@next/swc-*, tailwind's oxide-*) out of the lock, and `npm ci` then
  // refuses the lock as out of sync; `npm install` installs the locked versions all the same.
  log("installing npm packages (npm install, from package-lock.json)");
  // --no-save: the lock file and package.json are what the repository says; `npm run up` never rewrites them.
  run("npm", ["install", "--no-save", "--no-audit", "--no-fund"]);
}

const BUILD_INPUTS = [
  "app",
  "components",
  "lib",
  "public",
  "instrumentation.ts",
  "next.config.mjs",
  "postcss.config.mjs",
  "tsconfig.json",
  "package-lock.json",
  "scripts/build-engine.mjs",
];

function sourceHash() {
  const h = crypto.createHash("sha256");
  const walk = (p) => {
    if (!fs.existsSync(p)) return;
    const st = fs.statSync(p);
    if (st.isDirectory()) {
      for (const e of fs.readdirSync(p).sort()) if (e !== "node_modules" && !e.endsWith(".test.ts")) walk(path.join(p, e));
    } else {
      h.update(path.relative(root, p));
      h.update(fs.readFileSync(p));
    }
  };
  for (const i of BUILD_INPUTS) walk(path.join(root, i));
  return h.digest("hex");
}

/**
 * `next build` and the document engine's worker bundle (.engine/worker.mjs) when nothing is built yet
 * or a source changed since the last build. The build never opens the store: it runs with a DATA_DIR
 * of its own that must stay empty (a page that reaches the database while prerendered is a bug).
 */
export async function ensureBuild() {
  const stamp = path.join(root, ".next", "signet-source-hash");
  const engine = path.join(root, ".engine", "worker.mjs");
  const template = path.join(root, ".engine", "store-template.tar.gz");
  const hash = sourceHash();
  const built =
    fs.existsSync(path.join(root, ".next", "BUILD_ID")) && fs.existsSync(stamp) && fs.readFileSync(stamp, "utf8") === hash;
  if (built && fs.existsSync(engine) && fs.existsSync(template)) return;
  log("building (next build)");
  // The first `npm run up` builds and then starts the server on the same DATA_DIR: a build that opened the
  // embedded store (a page reaching the database while prerendered) would hold its lock, and the first start
  // would fail. So every build is given a DATA_DIR that does not exist, and fails when it is made; a page
  // that asks for the store during the build fails it too (getHandle refuses). CI's build is this check.
  const buildData = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "signet-build-")), "data");
  run(path.join(root, "node_modules/.bin/next"), ["build"], {
    env: { NEXT_TELEMETRY_DISABLED: "1", DATA_DIR: buildData, DATABASE_URL: "" },
  });
  if (fs.existsSync(buildData))
    throw new Error(`next build wrote to its DATA_DIR (${buildData}): a page or route reached the store while being prerendered`);
  fs.rmSync(path.dirname(buildData), { recursive: true, force: true });
  const { buildEngine } = await import("../build-engine.mjs");
  await buildEngine();
  // In a process of its own: making a store from nothing is the build's peak of memory, not a server's.
  log("making the embedded store's template");
  run(process.execPath, [path.join(root, "scripts/build-store-template.mjs")]);
  fs.writeFileSync(stamp, hash);
}

export function commandExists(cmd) {
  try {
    execFileSync("which", [cmd], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}
