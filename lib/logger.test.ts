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
