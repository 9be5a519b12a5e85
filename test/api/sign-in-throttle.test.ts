import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { authOptions } from "@/lib/server/staff/auth-options";
import { hashPassword } from "@/lib/server/auth/password";
import { clock } from "@/lib/server/clock";
import { getDb } from "@/lib/server/db";
import { authAttempts, staffUsers } from "@/lib/server/db/schema";
import { makeOrg } from "../support/api";
import { itemAt } from "../support/expect-helpers";

// Staff sign-in, through next-auth's own credentials provider as the sign-in route calls it: throttled per
// account and per client address, every attempt in the auth log.
const TOKEN = "test-client-ip-token";
process.env.SIGNET_CLIENT_IP_TOKEN = TOKEN;

type Authorize = (c: Record<string, string>, req: { headers: Record<string, string> }) => Promise<unknown>;
async function authorize(): Promise<Authorize> {
  const provider = (await authOptions()).providers[0] as unknown as { options: { authorize: Authorize } };
  return provider.options.authorize;
}

async function staff(email: string, password: string) {
  const { orgId } = await makeOrg();
  const db = await getDb();
  await db.insert(staffUsers).values({ email, name: "Thea Throttle", passwordHash: await hashPassword(password), orgId });
}

const from = (ip: string) => ({
  headers: { "x-signet-client-ip": ip, "x-signet-client-ip-token": TOKEN, "user-agent": "vitest" },
});
const attempt = async (email: string, password: string, ip: string) => {
  try {
    return (await (await authorize())({ email, password }, from(ip))) ? "SIGNED IN" : "WRONG";
  } catch (e) {
    return (e as Error).message;
  }
};

describe("staff sign-in throttling", () => {
  it("after 20 wrong passwords the right one is refused until the backoff passes, which doubles with each failure", async () => {
    const email = `thea.${Date.now()}@signet.test`;
    await staff(email, "right-password-1");
    const ip = "203.0.113.7";
    const db = await getDb();
    const lastFailure = async () =>
      Math.max(
        ...(await db.select().from(authAttempts).where(eq(authAttempts.email, email)))
          .filter((r) => r.outcome === "FAILURE")
          .map((r) => r.createdAt.getTime()),
      );
    // The throttle's clock is set, not waited for: on a loaded machine twenty attempts can take longer than
    // the backoff itself. Held at the start, every wait is still ahead of it.
    const at = (ms: number) => vi.spyOn(clock, "now").mockReturnValue(new Date(ms));
    try {
      at(Date.now());
      const outcomes = [];
      for (let i = 0; i < 20; i++) outcomes.push(await attempt(email, `wrong-${i}`, ip));
      expect(outcomes.slice(0, 5)).toEqual(Array(5).fill("WRONG"));
      // from the 6th on, refused without checking, with a clear message
      expect(outcomes.slice(5).every((o) => /^Too many failed sign-ins\. Try again in \d+ seconds?\.$/.test(o))).toBe(true);
      expect(await attempt(email, "right-password-1", ip)).toMatch(/^Too many failed sign-ins/);

      at((await lastFailure()) + 1100); // 5 failures: 1 s
      expect(await attempt(email, "wrong-again", ip)).toBe("WRONG"); // the 6th failure: 2 s now
      at((await lastFailure()) + 100);
      expect(await attempt(email, "right-password-1", ip)).toBe("Too many failed sign-ins. Try again in 2 seconds.");
      at((await lastFailure()) + 2100);
      expect(await attempt(email, "right-password-1", ip)).toBe("SIGNED IN");
      // a success starts the count again
      expect(await attempt(email, "wrong-after-success", ip)).toBe("WRONG");
      expect(await attempt(email, "right-password-1", ip)).toBe("SIGNED IN");
    } finally {
      vi.restoreAllMocks();
    }

    const log = await db.select().from(authAttempts).where(eq(authAttempts.email, email));
    const count = (o: string) => log.filter((r) => r.outcome === o).length;
    expect({ SUCCESS: count("SUCCESS"), FAILURE: count("FAILURE"), THROTTLED: count("THROTTLED") }).toEqual({
      SUCCESS: 2,
      FAILURE: 7,
      THROTTLED: 17,
    });
    expect(log.every((r) => r.ip === ip && r.userAgent === "vitest")).toBe(true);
  });

  it("throttles a client address that guesses across accounts, not other addresses", async () => {
    const stamp = Date.now();
    const emails = Array.from({ length: 6 }, (_, i) => `acct${i}.${stamp}@signet.test`);
    for (const e of emails) await staff(e, "right-password-1");
    const sixth = itemAt(emails, 5, "emails");
    // Addresses of this run only: a database kept from an earlier run still counts that run's failures.
    const [guesser, other] = [9, 10].map((n) => `10.${stamp % 250}.${Math.floor(stamp / 250) % 250}.${n}`) as [string, string];
    // Held before the first guess: the sixth attempt is refused however long the five password checks took.
    vi.spyOn(clock, "now").mockReturnValue(new Date(stamp));
    try {
      for (const e of emails.slice(0, 5)) expect(await attempt(e, "wrong", guesser)).toBe("WRONG");
      expect(await attempt(sixth, "right-password-1", guesser)).toMatch(/^Too many failed sign-ins/);
      expect(await attempt(sixth, "right-password-1", other)).toBe("SIGNED IN");
    } finally {
      vi.restoreAllMocks();
    }
    const db = await getDb();
    const refused = await db
      .select()
      .from(authAttempts)
      .where(and(eq(authAttempts.email, sixth), eq(authAttempts.outcome, "THROTTLED")));
    expect(refused).toHaveLength(1);
  });

  it("a burst of parallel attempts is counted one by one: at most five reach the password check", async () => {
    const email = `burst.${Date.now()}@signet.test`;
    await staff(email, "right-password-1");
    // Thirty wrong guesses at once, each from its own address (only the account's count can stop them). Held
    // before the burst, so the 1 s wait after the fifth failure outlasts the burst however slow the machine is.
    vi.spyOn(clock, "now").mockReturnValue(new Date(Date.now()));
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, (_, i) => attempt(email, `wrong-${i}`, `192.0.2.${i + 1}`)),
    ).finally(() => vi.restoreAllMocks());
    expect(outcomes.filter((o) => o === "WRONG")).toHaveLength(5);
    expect(outcomes.filter((o) => /^Too many failed sign-ins/.test(o))).toHaveLength(25);
    const db = await getDb();
    const log = await db.select().from(authAttempts).where(eq(authAttempts.email, email));
    expect(log.filter((r) => r.outcome === "FAILURE")).toHaveLength(5);
    expect(log.filter((r) => r.outcome === "THROTTLED")).toHaveLength(25);
    // The right password, too, waits its turn: asked half a second after the last failure (the wait is 1 s
    // then). The moment is set, not waited for: on a loaded machine the burst itself may take longer than that.
    const lastFailure = Math.max(...log.filter((r) => r.outcome === "FAILURE").map((r) => r.createdAt.getTime()));
    const now = vi.spyOn(clock, "now").mockReturnValue(new Date(lastFailure + 500));
    try {
      expect(await attempt(email, "right-password-1", "192.0.2.99")).toMatch(/^Too many failed sign-ins/);
    } finally {
      now.mockRestore();
    }
    // Once the wait has passed, it signs in.
    vi.spyOn(clock, "now").mockReturnValue(new Date(lastFailure + 1_500));
    try {
      expect(await attempt(email, "right-password-1", "192.0.2.99")).toBe("SIGNED IN");
    } finally {
      vi.restoreAllMocks();
    }
  });

  it("an address with a control character is no account: refused like a wrong password, not an error", async () => {
    for (const email of ["thea\u0000@signet.test", "thea@signet.test\r\nX: y", "\u001b[2Jthea@signet.test"])
      expect(await attempt(email, "right-password-1", "203.0.113.99")).toBe("WRONG");
  });
});
