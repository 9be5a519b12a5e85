import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { openSecret, sealSecret, settingsKey } from "./settings-key";

const saved = { ...process.env };
afterEach(() => {
  for (const k of ["SETTINGS_KEY", "SETTINGS_KEY_FILE", "DATABASE_URL", "DATA_DIR"]) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
});

const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    return { code: (e as AppError).code, message: (e as AppError).message };
  }
  throw new Error("expected a refusal");
};

describe("the settings key", () => {
  it("comes from SETTINGS_KEY or SETTINGS_KEY_FILE; a bad or doubled one is refused with what to set", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-key-"));
    const text = crypto.randomBytes(32).toString("base64");
    process.env.SETTINGS_KEY = text;
    const a = settingsKey();
    fs.writeFileSync(path.join(dir, "k"), `${text}\n`);
    delete process.env.SETTINGS_KEY;
    process.env.SETTINGS_KEY_FILE = path.join(dir, "k");
    expect(settingsKey().id).toBe(a.id);
    process.env.SETTINGS_KEY = text;
    expect(code(() => settingsKey())).toMatchObject({
      code: "SETTINGS_KEY_MISSING",
      message: /Both SETTINGS_KEY and SETTINGS_KEY_FILE/,
    });
    delete process.env.SETTINGS_KEY_FILE;
    process.env.SETTINGS_KEY = "short";
    expect(code(() => settingsKey()).message).toMatch(/SETTINGS_KEY is not a settings key/);
    delete process.env.SETTINGS_KEY;
    process.env.SETTINGS_KEY_FILE = path.join(dir, "missing");
    expect(code(() => settingsKey()).message).toMatch(/cannot be read: ENOENT/);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("is DATA_DIR/settings.key on the embedded store, made once with mode 0600; a PostgreSQL server needs one given", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-key-"));
    delete process.env.SETTINGS_KEY;
    delete process.env.SETTINGS_KEY_FILE;
    process.env.DATABASE_URL = "";
    process.env.DATA_DIR = dir;
    expect(code(() => settingsKey()).code).toBe("SETTINGS_KEY_MISSING");
    const sealed = sealSecret("client-secret", "row-1");
    const file = path.join(dir, "settings.key");
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(openSecret(sealed, "row-1")).toBe("client-secret");
    expect(openSecret(sealed, "row-2")).toBeNull();
    expect(
      openSecret(
        sealed.replace(/.$/, (c) => (c === "A" ? "B" : "A")),
        "row-1",
      ),
    ).toBeNull();
    expect(openSecret("v2.x.y", "row-1")).toBeNull();
    // Another key (a restore elsewhere): the sealed secret does not open, and says so by null.
    process.env.SETTINGS_KEY = crypto.randomBytes(32).toString("base64");
    expect(openSecret(sealed, "row-1")).toBeNull();
    delete process.env.SETTINGS_KEY;
    process.env.DATABASE_URL = "postgres://signet@127.0.0.1:1/signet";
    expect(code(() => sealSecret("x", "row-1")).message).toMatch(/every instance needs the same settings key/);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
