// An organization's brand: what an admin may set (a colour below WCAG AA contrast refused with its ratio, a
// link host that is a host, a logo that is a PNG or JPEG of bounded size), the logo served only as the
// organization's current one, and the brand in the mails signers get (logo, accent, footer, support address,
// links on the organization's host) and on the signing page's state.
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/server/db";
import { organizations } from "@/lib/server/db/schema";
import {
  getBranding,
  LOGO_FETCHES_PER_MINUTE,
  logoFile,
  removeLogo,
  saveBranding,
  servedLogo,
  setLogo,
} from "@/lib/server/branding/branding";
import { contrastRatio } from "@/lib/schemas/branding";
import { runDueJobs } from "@/lib/server/worker/worker";
import { signingLinkState } from "@/lib/server/signing/link-state";
import { makeOrg } from "../support/api";
import { staffOf, refusal } from "../support/staff";
import { emptyRateBucket } from "../support/rate-buckets";
import { sentRequest, PNG_1x1, tokenFromOutbox } from "../support/signing";
import { outboxMailsOf } from "../support/outbox-mail";

const uniq = () => Math.random().toString(36).slice(2, 10);

const png = Buffer.from(PNG_1x1.split(",")[1]!, "base64");

describe("branding settings", () => {
  it("computes WCAG contrast as the standard does", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#ffffff")).toBeCloseTo(1, 5);
    expect(contrastRatio("#767676", "#ffffff")).toBeGreaterThanOrEqual(4.5); // the lightest grey that passes
    expect(contrastRatio("#777777", "#ffffff")).toBeLessThan(4.5);
  });

  it("keeps what an admin sets, and refuses a colour with too little contrast, a bad host or address, changing nothing", async () => {
    const org = await makeOrg();
    const admin = await staffOf(org.orgId, "ADMIN");
    const member = await staffOf(org.orgId, "MEMBER");
    const good = {
      displayName: "Acme Legal",
      accentColor: "#1D4ED8",
      footer: "Acme Ltd, 1 Main Street",
      supportEmail: "help@acme.test",
      linkHost: "Sign.Acme.test",
    };
    const saved = await saveBranding(admin, good);
    expect(saved).toMatchObject({ displayName: "Acme Legal", accentColor: "#1d4ed8", linkHost: "sign.acme.test", logoUrl: null });
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ accentColor: "#ffcc00" }, /contrast of 1\.\d+:1 against white; WCAG AA needs 4\.5:1/],
      [{ accentColor: "#777777" }, /4\.48:1/],
      [{ accentColor: "blue" }, /colour such as #1d4ed8/],
      [{ linkHost: "https://sign.acme.test/x" }, /host name/],
      [{ linkHost: "localhost:3000" }, /host name/],
      [{ supportEmail: "not an address" }, /e-mail address/],
      [{ footer: "line\u0000break" }, /control characters/],
      [{ displayName: "x".repeat(81) }, /at most 80/],
      [{ unknown: 1 }, /unknown|Unrecognized/i],
    ];
    for (const [over, why] of cases) {
      const e = await refusal(saveBranding(admin, { ...good, ...over }));
      expect([over, e.code]).toEqual([over, "VALIDATION_FAILED"]);
      expect(JSON.stringify({ m: e.message, d: e.details })).toMatch(why);
    }
    expect((await refusal(saveBranding(member, good))).code).toBe("ADMIN_REQUIRED");
    expect(await getBranding(admin)).toMatchObject({ accentColor: "#1d4ed8", displayName: "Acme Legal" });
  });

  it("takes a PNG or JPEG logo of at most 256 KB, serves only the organization's current one, and drops it", async () => {
    const org = await makeOrg();
    const admin = await staffOf(org.orgId, "ADMIN");
    expect((await refusal(setLogo(admin, Buffer.from("GIF89a....")))).code).toBe("VALIDATION_FAILED");
    expect((await refusal(setLogo(admin, Buffer.from("<svg onload=alert(1)>")))).code).toBe("VALIDATION_FAILED");
    expect((await refusal(setLogo(admin, new Uint8Array(256 * 1024 + 1)))).message).toMatch(/256 KB/);
    const withLogo = await setLogo(admin, png);
    const sha = crypto.createHash("sha256").update(png).digest("hex");
    expect(withLogo.logoUrl).toMatch(new RegExp(`/api/branding/${org.orgId}/logo/${sha.slice(0, 16)}$`));
    expect(await logoFile(org.orgId, sha.slice(0, 16))).toMatchObject({ type: "image/png" });
    // Not by another prefix (another blob's), not for another organization, not a malformed id.
    expect(await logoFile(org.orgId, "0".repeat(16))).toBeNull();
    expect(await logoFile((await makeOrg()).orgId, sha.slice(0, 16))).toBeNull();
    expect(await logoFile("x", sha.slice(0, 16))).toBeNull();
    expect(await logoFile(org.orgId, "../../etc/passwd")).toBeNull();
    await removeLogo(admin);
    expect(await logoFile(org.orgId, sha.slice(0, 16))).toBeNull();
  });

  it("limits logo fetches per address (429 with Retry-After, nothing read), and other addresses still get it", async () => {
    const org = await makeOrg();
    const admin = await staffOf(org.orgId, "ADMIN");
    const sha = (await setLogo(admin, png)).logoUrl!.split("/").at(-1)!;
    const ip = `10.66.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    await emptyRateBucket(`logo-ip:${ip}`);
    const busy = await servedLogo(org.orgId, sha, ip);
    expect(busy.status).toBe(429);
    expect(busy.status === 429 && Number(busy.headers["Retry-After"])).toBeGreaterThan(0);
    expect(await servedLogo(org.orgId, sha, "10.67.0.1")).toMatchObject({ status: 200, type: "image/png" });
    expect(await servedLogo(org.orgId, "f".repeat(16), "10.67.0.1")).toEqual({ status: 404 });
    expect(LOGO_FETCHES_PER_MINUTE).toBeGreaterThanOrEqual(60);
  });
});

describe("the brand where signers meet it", () => {
  it("dresses the invitation (logo, accent, footer, support address) and mails the link on the organization's host", async () => {
    const org = await makeOrg();
    const admin = await staffOf(org.orgId, "ADMIN");
    await saveBranding(admin, {
      displayName: "Acme Legal",
      accentColor: "#7c2d12",
      footer: "Acme Ltd, 1 Main Street",
      supportEmail: "help@acme.test",
      linkHost: "sign.acme.test",
    });
    await setLogo(admin, png);
    const email = `brand.${uniq()}@example.com`;
    const { id } = await sentRequest(org.sandboxKey, [{ email, name: "Bea Brand", order: 1 }]);
    await runDueJobs();
    const [mail] = await outboxMailsOf(id, "invitation");
    expect(mail).toBeTruthy();
    expect(mail!.html).toContain("background:#7c2d12");
    expect(mail!.html).toMatch(new RegExp(`<img src="[^"]*/api/branding/${org.orgId}/logo/[0-9a-f]{16}" alt="Acme Legal"`));
    expect(mail!.html).toContain("Acme Ltd, 1 Main Street");
    expect(mail!.html).toContain('href="mailto:help@acme.test"');
    expect(mail!.text).toContain("Questions? Write to help@acme.test");
    expect(mail!.text).toMatch(/https:\/\/sign\.acme\.test\/sign\/[A-Za-z0-9_-]+/);
    // The signing page's state carries the brand (the page draws its frame from it).
    const token = tokenFromOutbox(email)!;
    const state = await signingLinkState(token, { brand: true });
    expect(state.brand).toMatchObject({ name: "Acme Legal", accent: "#7c2d12", footer: "Acme Ltd, 1 Main Street" });
  });

  it("leaves an organization without a brand as it was: Signet's blue, no frame", async () => {
    const org = await makeOrg();
    const email = `plain.${uniq()}@example.com`;
    const { id } = await sentRequest(org.sandboxKey, [{ email, name: "Pat Plain", order: 1 }]);
    await runDueJobs();
    const [mail] = await outboxMailsOf(id, "invitation");
    expect(mail!.html).toContain("background:#1d4ed8");
    expect(mail!.html).not.toContain("<img");
    const state = await signingLinkState(tokenFromOutbox(email)!, { brand: true });
    expect(state.brand).toBeNull();
    const db = await getDb();
    const [row] = await db.select().from(organizations).where(eq(organizations.id, org.orgId));
    expect(row!.branding).toBeNull();
  });
});
