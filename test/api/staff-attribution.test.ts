import { describe, expect, it } from "vitest";
import { insertApiKey } from "@/lib/server/api-keys/create-api-key";
import { getDb } from "@/lib/server/db";
import { signStaffIdentity } from "@/lib/server/staff/forwarded-identity";
import { simplePdf } from "../support/simple-pdf";
import { call, makeOrg } from "../support/api";
import { take } from "../support/expect-helpers";

// A dashboard call reaches the API with the server's own (SYSTEM) key and the staff member's identity,
// signed by the proxy: the audit trail names the staff member and their browser. Nobody else can claim
// to be staff: not an API client with its own key, not a forged or stale signature.
const SR = "/api/v1/enterprise/signature-requests";
const ann = {
  id: "00000000-0000-4000-8000-00000000a11e",
  name: "Ann Lee",
  email: "ann@signet.test",
  ip: "203.0.113.50",
  userAgent: "Ann's browser",
};

async function setup() {
  const org = await makeOrg();
  const db = await getDb();
  const system = await insertApiKey(db, { orgId: org.orgId, name: "dashboard", environment: "SANDBOX", kind: "SYSTEM" });
  return { org, systemKey: system.apiKey };
}

async function createAs(key: string, headers: Record<string, string>) {
  const pdf = await simplePdf([{ text: "Attribution" }]);
  const r = await call("POST", SR, {
    key,
    headers,
    ip: "127.0.0.1",
    form: { title: "Attributed", file: { data: pdf, name: "a.pdf", type: "application/pdf" } },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  const audit = await call("GET", `${SR}/${r.body.data.id}/audit`, { key });
  return audit.body.data.items[0] as { actor: string; actorLabel: string | null; ip: string | null; userAgent: string | null };
}

describe("who an action is recorded as", () => {
  it("a dashboard call: the staff member, with the browser's address and user agent, not the proxy's", async () => {
    const { systemKey } = await setup();
    const event = await createAs(systemKey, { ...(await signStaffIdentity(ann)), "user-agent": "node (the proxy)" });
    expect(event).toMatchObject({
      actor: `staff:${ann.id}`,
      actorLabel: "Ann Lee <ann@signet.test> (staff)",
      ip: "203.0.113.50",
      userAgent: "Ann's browser",
    });
  });

  it("an API client's own key: the key, whatever staff headers it sends", async () => {
    const { org } = await setup();
    const event = await createAs(org.sandboxKey, { ...(await signStaffIdentity(ann)), "user-agent": "curl" });
    expect(event).toMatchObject({
      actor: expect.stringMatching(/^api-key:signet_test_/),
      actorLabel: null,
      ip: "127.0.0.1",
      userAgent: "curl",
    });
  });

  it("a forged, altered or stale signature on the server's key: the key, not a staff member", async () => {
    const { systemKey } = await setup();
    const good = await signStaffIdentity(ann);
    const [[h, payload], [s, signature]] = take(Object.entries(good), 2, "signed identity headers");
    const forged = { [h]: payload, [s]: "A".repeat(signature.length) };
    const altered = {
      [h]: Buffer.from(JSON.stringify({ ...ann, name: "Mallory", iat: Math.floor(Date.now() / 1000) })).toString("base64url"),
      [s]: signature,
    };
    const stale = await signStaffIdentity(ann, Date.now() - 10 * 60_000);
    for (const headers of [forged, altered, stale]) {
      const event = await createAs(systemKey, headers);
      expect(event.actor).toMatch(/^api-key:signet_test_/);
      expect(event.actorLabel).toBeNull();
    }
  });
});
