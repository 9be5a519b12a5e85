import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { asNobody, modes } from "../support/second-user";
import { describePrivacyFix, makeDataDirPrivate } from "@/lib/private-data-dir.mjs";

// DATA_DIR is for the user Signet runs as: another local user can neither list it nor read a file in it,
// even knowing the file's name. The server and the CLI call makeDataDirPrivate at start (a folder an
// earlier version left 755/644, PGlite's files 666) and run with umask 077 (what they create later).

const asRoot = process.getuid?.() === 0;
const tmp: string[] = [];
afterAll(() => {
  for (const d of tmp) fs.rmSync(d, { recursive: true, force: true });
});

/** A folder any user may pass through (mkdtemp makes 700, which alone would keep everyone out). */
function openParent(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-private-"));
  tmp.push(dir);
  fs.chmodSync(dir, 0o755);
  return dir;
}

/** The tree an earlier version left: folders 755, documents and mail 644, PGlite's files 666. */
function readableTree(parent: string) {
  const data = path.join(parent, "data");
  const put = (rel: string, mode: number, text = "x") => {
    const p = path.join(data, rel);
    fs.mkdirSync(path.dirname(p), { recursive: true, mode: 0o755 });
    fs.writeFileSync(p, text);
    fs.chmodSync(p, mode);
  };
  fs.mkdirSync(data, { mode: 0o755 });
  put("pg/pg_wal/000000010000000000000001", 0o666, "a signing link's secret: s3cr3t-token");
  put("pg/base/1/1259", 0o666);
  put("blobs/ab/ab12", 0o644);
  put("outbox/invite.eml", 0o644, "https://signet.example/sign/s3cr3t-token");
  put("first-start.txt", 0o600);
  for (const d of ["pg", "pg/pg_wal", "pg/base", "pg/base/1", "blobs", "blobs/ab", "outbox"])
    fs.chmodSync(path.join(data, d), 0o755);
  fs.chmodSync(data, 0o755);
  // A link out of the folder: neither followed nor changed.
  const outside = path.join(parent, "outside.txt");
  fs.writeFileSync(outside, "not Signet's");
  fs.chmodSync(outside, 0o644);
  fs.symlinkSync(outside, path.join(data, "link-out"));
  return { data, outside };
}

describe("makeDataDirPrivate", () => {
  it("takes group and other permissions off every folder and file of an existing tree, and says how many", () => {
    const { data, outside } = readableTree(openParent());
    const before = modes(data);
    const readable = [...before.values()].filter((m) => m & 0o077).length;
    expect(readable).toBe(before.size - 1); // all but first-start.txt

    const report = makeDataDirPrivate(data);
    expect(report).toEqual({ created: false, entries: before.size, changed: readable, failed: [] });
    expect(describePrivacyFix(data, report)).toBe(
      `made the data directory ${data} private: ${readable} of ${before.size} entries had permissions for group or others, ` +
        "now removed (folders 700, files 600)",
    );
    for (const [rel, mode] of modes(data)) {
      const dir = fs.statSync(path.join(data, rel)).isDirectory();
      expect(mode.toString(8), rel).toBe(dir ? "700" : "600");
    }
    expect(fs.statSync(outside).mode & 0o777).toBe(0o644);
    expect(fs.readlinkSync(path.join(data, "link-out"))).toBe(outside);

    // Nothing left to change: no line at the next start.
    const again = makeDataDirPrivate(data);
    expect(again.changed).toBe(0);
    expect(describePrivacyFix(data, again)).toBeUndefined();
  });

  it("creates a missing folder 700, its missing parents too, and says so", () => {
    const data = path.join(openParent(), "not", "yet");
    const report = makeDataDirPrivate(data);
    expect(report.created).toBe(true);
    expect(fs.statSync(data).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.dirname(data)).mode & 0o077).toBe(0);
    expect(describePrivacyFix(data, report)).toBe(`created the data directory ${data} (mode 700: this user only)`);
  });

  it.skipIf(!asRoot)(
    "keeps a second local user (nobody) out: before, it lists the folder and reads the WAL; after, neither",
    () => {
      const { data } = readableTree(openParent());
      const wal = path.join(data, "pg/pg_wal/000000010000000000000001");
      // The tree really is open to another user before: the test would prove nothing otherwise.
      expect(asNobody("ls", data)).toMatchObject({ ok: true });
      expect(asNobody("read", wal).out).toContain("s3cr3t-token");
      expect(asNobody("read", path.join(data, "outbox/invite.eml")).out).toContain("s3cr3t-token");

      makeDataDirPrivate(data);
      const list = asNobody("ls", data);
      expect(list.ok).toBe(false);
      expect(list.out).toMatch(/Permission denied/);
      for (const file of [wal, path.join(data, "outbox/invite.eml"), path.join(data, "blobs/ab/ab12")]) {
        const read = asNobody("read", file);
        expect(read.ok, file).toBe(false);
        expect(read.out).not.toContain("s3cr3t-token");
      }
      // Not even with the folder opened again: each file is 600 on its own.
      fs.chmodSync(data, 0o755);
      fs.chmodSync(path.join(data, "pg"), 0o755);
      fs.chmodSync(path.join(data, "pg/pg_wal"), 0o755);
      expect(asNobody("read", wal).ok).toBe(false);
    },
  );

  it("umask 077: a process that set it (setPrivateUmask) creates folders 700 and files 600, as do its children", () => {
    const dir = path.join(openParent(), "made");
    const script = `
      import fs from "node:fs";
      import { execFileSync } from "node:child_process";
      import { setPrivateUmask } from ${JSON.stringify(path.resolve("lib/private-data-dir.mjs"))};
      setPrivateUmask();
      const dir = ${JSON.stringify(dir)};
      fs.mkdirSync(dir + "/sub", { recursive: true });
      fs.writeFileSync(dir + "/sub/file", "x");
      execFileSync("sh", ["-c", "mkdir \\"$0/child\\" && echo y > \\"$0/child/file\\"", dir]);
    `;
    const r = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
    expect(r.status, r.stderr).toBe(0);
    expect(Object.fromEntries([...modes(dir)].map(([k, v]) => [k, v.toString(8)]))).toEqual({
      ".": "700",
      sub: "700",
      "sub/file": "600",
      child: "700",
      "child/file": "600",
    });
  });
});
