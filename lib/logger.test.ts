import { spawn } from "node:child_process";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeLogger, scrub } from "./logger.mjs";

const saved = process.env.LOG_LEVEL;
afterEach(() => {
  if (saved === undefined) delete process.env.LOG_LEVEL;
  else process.env.LOG_LEVEL = saved;
});

describe("scrub", () => {
  it("cuts an API key to the prefix the dashboard shows, and drops a link's token", () => {
    const key = "signet_live_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6";
    expect(scrub(`refused ${key} today`)).toBe("refused signet_live_A1b2… today");
    expect(scrub("https://x.test/sign/" + "t".repeat(43) + "?a=1")).toBe("https://x.test/sign/[token]?a=1");
    expect(scrub("/staff/set-password/" + "Q".repeat(40))).toBe("/staff/set-password/[token]");
    expect(scrub("nothing secret here: signet_test_ab")).toBe("nothing secret here: signet_test_ab");
  });
});

describe("makeLogger", () => {
  it("writes JSON lines with level and time; redacts fields named like secrets; scrubs messages", () => {
    process.env.LOG_LEVEL = "info";
    const lines: string[] = [];
    const log = makeLogger({ destination: { write: (line: string) => void lines.push(line) } });
    const key = "signet_test_" + "Z".repeat(32);
    log.info({ apiKey: key, nested: { token: "t0k3n", password: "pw" }, requestId: "r-1" }, `made ${key}`);
    log.error({ err: new Error(`bad link /sign/${"x".repeat(43)}`) }, "failed");
    const [first, second] = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(first).toMatchObject({ level: "info", msg: "made signet_test_ZZZZ…", apiKey: "[redacted]", requestId: "r-1" });
    expect(first!.nested).toEqual({ token: "[redacted]", password: "[redacted]" });
    expect(typeof first!.time).toBe("string");
    expect(second).toMatchObject({ level: "error", err: { message: "bad link /sign/[token]" } });
    expect(lines.join("")).not.toContain(key);
  });

  it("takes LOG_LEVEL, and an unknown one falls back to info with a warning", () => {
    process.env.LOG_LEVEL = "debug";
    expect(makeLogger().level).toBe("debug");
    process.env.LOG_LEVEL = "loud";
    expect(makeLogger().level).toBe("info");
  });
});

describe("standard output", () => {
  // A child logs 40 MB of lines while nobody reads its output (a full pipe), then ends; read afterwards.
  const child = (lines: number) =>
    new Promise<{ ms: number; out: string; code: number | null }>((resolve) => {
      const script = `
        const { makeLogger } = await import(${JSON.stringify(path.resolve(import.meta.dirname, "logger.mjs"))});
        const log = makeLogger();
        const t0 = performance.now();
        for (let i = 0; i < ${lines}; i++) log.info({ i, pad: "x".repeat(400) }, "line");
        process.stderr.write(String(Math.round(performance.now() - t0)));
        log.info("last line");
        setTimeout(() => process.exit(0), 200);`;
      const c = spawn(process.execPath, ["--input-type=module", "-e", script], {
        stdio: ["ignore", "pipe", "pipe"],
        env: { ...process.env, LOG_LEVEL: "info" },
      });
      let err = "";
      c.stderr.on("data", (d) => (err += d));
      c.stdout.pause();
      // Reading starts only once the child has logged everything and said how long it took.
      c.stderr.once("data", () => {
        let out = "";
        c.stdout.on("data", (d) => (out += d));
        c.stdout.resume();
        c.on("close", (code) => resolve({ ms: Number(err), out, code }));
      });
    });

  it("never waits for a reader: lines beyond what may wait are dropped and counted, the rest and the last line written", async () => {
    const { out, code } = await child(100_000);
    expect(code).toBe(0);
    const lines = out.trim().split("\n");
    // The logging loop finished without anyone reading: had it waited on the pipe, the child would still be blocked.
    expect(lines.length).toBeGreaterThan(10_000);
    expect(lines.length).toBeLessThan(100_000);
    const parsed = lines.map((l) => JSON.parse(l) as { level: string; msg: string });
    const notes = parsed.filter((l) => l.msg.includes("log lines were dropped"));
    expect(notes.length).toBeGreaterThan(0);
    expect(notes.every((n) => n.level === "warn")).toBe(true);
    // Every line is either written or counted as dropped; the one logged after the reader came back is written.
    const droppedCount = notes.reduce((a, n) => a + Number(n.msg.split(" ")[0]), 0);
    expect(parsed.filter((l) => l.msg === "line").length + droppedCount).toBe(100_000);
    expect(parsed.some((l) => l.msg === "last line")).toBe(true);
  }, 60_000);
});
