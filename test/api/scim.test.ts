// SCIM 2.0 provisioning (RFC 7643/7644) as an identity provider's SCIM client drives it, request by request
// through the /scim/v2 handler: its token, discovery (ServiceProviderConfig, Schemas, ResourceTypes), users
// created, found by `userName eq`, paged, patched, deactivated (their open session refused at once) and
// deleted, groups whose membership makes admins, and bad input answered in the RFC's error shape with nothing
// changed. Another organization's ids are not found.
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/server/db";
import { staffUsers } from "@/lib/server/db/schema";
import { makeOrg } from "../support/api";
import { staffOf } from "../support/staff";
import { emptyRateBucket } from "../support/rate-buckets";
import { handleScim } from "@/lib/server/scim/endpoint";
import { readBodyLimited } from "@/lib/server/http/body";
import { hashToken } from "@/lib/server/tokens";
import { listScim, makeScimToken, revokeScimToken, saveScimSettings } from "@/lib/server/scim/tokens";
import { createStaffSession, resolveStaffSession, type StaffIdentity } from "@/lib/server/staff/sessions";
import type { AppError } from "@/lib/server/errors";

const uniq = () => Math.random().toString(36).slice(2, 10);
const ERROR = "urn:ietf:params:scim:api:messages:2.0:Error";

process.env.SIGNET_CLIENT_IP_TOKEN ??= "test-token";

/** A SCIM client with a token of its organization, calling from `ip` (limits are per address and per token). */
function client(token: string, ip = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`) {
  return async (
    method: string,
    path: string,
    body?: unknown | ReadableStream<Uint8Array>,
    headers: Record<string, string> = {},
  ) => {
    const url = `http://localhost:3000/scim/v2/${path}`;
    const req = new Request(url, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/scim+json",
        "x-signet-client-ip": ip,
        "x-signet-client-ip-token": process.env.SIGNET_CLIENT_IP_TOKEN!,
        ...headers,
      },
      body:
        body === undefined ? undefined : body instanceof ReadableStream || typeof body === "string" ? body : JSON.stringify(body),
      ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
    } as RequestInit);
    const res = await handleScim(req, new URL(url).pathname.split("/").slice(3).filter(Boolean), (limit) =>
      readBodyLimited(req, limit),
    );
    const text = await res.text();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a SCIM answer, read loosely by the test
    type Json = Record<string, any>;
    return {
      status: res.status,
      type: res.headers.get("content-type"),
      retryAfter: res.headers.get("retry-after"),
      body: text ? (JSON.parse(text) as Json) : null,
    };
  };
}

let org: Awaited<ReturnType<typeof makeOrg>>;
let admin: StaffIdentity;
let scim: ReturnType<typeof client>;

beforeAll(async () => {
  org = await makeOrg();
  admin = await staffOf(org.orgId, "ADMIN");
  const { token } = await makeScimToken(admin, "Okta");
  scim = client(token);
});

const userBody = (email: string, over: Record<string, unknown> = {}) => ({
  schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"],
  userName: email,
  externalId: `okta-${uniq()}`,
  name: { givenName: "Jane", familyName: "Doe" },
  emails: [{ value: email, primary: true, type: "work" }],
  active: true,
  ...over,
});

describe("the SCIM token", () => {
  it("is shown once, stored hashed, and refused once revoked; no token, a wrong one or an API key is 401", async () => {
    const { token, dto } = await makeScimToken(admin, "Entra ID");
    expect(token).toMatch(/^scim_[A-Za-z0-9_-]{43}$/);
    expect(dto.prefix).toBe(token.slice(0, 12));
    expect(JSON.stringify(await listScim(admin))).not.toContain(token);
    expect((await client(token)("GET", "ServiceProviderConfig")).status).toBe(200);
    await revokeScimToken(admin, dto.id);
    const refused = await client(token)("GET", "Users");
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ schemas: [ERROR], status: "401" });
    expect((await client("scim_" + "x".repeat(43))("GET", "Users")).status).toBe(401);
    expect((await client("sk_test_something")("GET", "Users")).status).toBe(401);
    // Another organization's admin cannot revoke it, nor a member make one.
    const other = await staffOf((await makeOrg()).orgId, "ADMIN");
    const e = await revokeScimToken(other, dto.id).catch((x: unknown) => x);
    expect((e as AppError).code).toBe("SCIM_TOKEN_NOT_FOUND");
  });
});

describe("SCIM discovery", () => {
  it("describes the service: PATCH and filters supported, no bulk, the bearer token; Users and Groups resource types", async () => {
    const spc = await scim("GET", "ServiceProviderConfig");
    expect(spc.status).toBe(200);
    expect(spc.type).toContain("application/scim+json");
    expect(spc.body).toMatchObject({
      patch: { supported: true },
      filter: { supported: true, maxResults: 200 },
      bulk: { supported: false },
    });
    expect(spc.body!.authenticationSchemes[0]).toMatchObject({ type: "oauthbearertoken" });
    const types = await scim("GET", "ResourceTypes");
    expect(types.body!.Resources.map((r: { name: string }) => r.name).sort()).toEqual(["Group", "User"]);
    const schemas = await scim("GET", "Schemas");
    expect(schemas.body!.Resources.map((r: { id: string }) => r.id)).toContain("urn:ietf:params:scim:schemas:core:2.0:User");
    expect((await scim("GET", "Schemas/urn:ietf:params:scim:schemas:core:2.0:Group")).body).toMatchObject({ name: "Group" });
    expect((await scim("GET", "Nope")).status).toBe(404);
    expect((await scim("DELETE", "ServiceProviderConfig")).status).toBe(405);
  });
});

describe("SCIM users", () => {
  it("are made, found by userName (any case), read, paged, replaced, patched, deactivated and deleted", async () => {
    const email = `jane.${uniq()}@acme.test`;
    const made = await scim("POST", "Users", userBody(email));
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      userName: email,
      displayName: "Jane Doe",
      active: true,
      emails: [{ value: email, primary: true }],
    });
    expect(made.body!.meta).toMatchObject({
      resourceType: "User",
      location: `http://localhost:3000/scim/v2/Users/${made.body!.id}`,
    });
    const id = made.body!.id as string;
    const db = await getDb();
    const [row] = await db.select().from(staffUsers).where(eq(staffUsers.id, id));
    expect(row).toMatchObject({ orgId: org.orgId, role: "MEMBER", passwordHash: null, email });
    // The same userName again: 409 uniqueness.
    const twice = await scim("POST", "Users", userBody(email));
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ schemas: [ERROR], status: "409", scimType: "uniqueness" });
    // Found as Okta and Entra ID look people up.
    const found = await scim("GET", `Users?filter=${encodeURIComponent(`userName eq "${email.toUpperCase()}"`)}`);
    expect(found.body).toMatchObject({ totalResults: 1, Resources: [{ id }] });
    const none = await scim("GET", `Users?filter=${encodeURIComponent('userName eq "nobody@acme.test"')}`);
    expect(none.body).toMatchObject({ totalResults: 0 });
    expect((await scim("GET", `Users/${id}`)).body).toMatchObject({ id, userName: email });
    // Pages: startIndex and count.
    for (let i = 0; i < 3; i++) await scim("POST", "Users", userBody(`page${i}.${uniq()}@acme.test`));
    const page = await scim("GET", "Users?startIndex=2&count=2");
    expect(page.body).toMatchObject({ startIndex: 2, itemsPerPage: 2 });
    expect(page.body!.Resources).toHaveLength(2);
    expect(page.body!.totalResults).toBeGreaterThanOrEqual(5);
    // PUT replaces; PATCH as Entra ID sends it.
    const put = await scim("PUT", `Users/${id}`, userBody(email, { displayName: "Jane Q. Doe" }));
    expect(put.body).toMatchObject({ displayName: "Jane Q. Doe" });
    const patched = await scim("PATCH", `Users/${id}`, {
      schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
      Operations: [{ op: "replace", path: "displayName", value: "Jane Roe" }],
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ displayName: "Jane Roe", active: true });
    // Deactivated: her open dashboard session is refused at its next request.
    const sid = await createStaffSession(id, "198.51.100.1", "test");
    expect(await resolveStaffSession(id, sid)).not.toBeNull();
    const off = await scim("PATCH", `Users/${id}`, {
      schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
      Operations: [{ op: "replace", value: { active: false } }],
    });
    expect(off.body).toMatchObject({ active: false });
    expect(await resolveStaffSession(id, sid)).toBeNull();
    const [after] = await db.select().from(staffUsers).where(eq(staffUsers.id, id));
    expect(after!.deactivatedAt).not.toBeNull();
    // Active again; then deleted, and gone.
    expect(
      (
        await scim("PATCH", `Users/${id}`, {
          schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
          Operations: [{ op: "replace", path: "active", value: true }],
        })
      ).body,
    ).toMatchObject({ active: true });
    expect((await scim("DELETE", `Users/${id}`)).status).toBe(204);
    expect((await scim("GET", `Users/${id}`)).status).toBe(404);
    expect(await db.select().from(staffUsers).where(eq(staffUsers.id, id))).toHaveLength(0);
  });

  it("answers bad input in the RFC's error shape and changes nothing", async () => {
    const db = await getDb();
    const before = (await db.select().from(staffUsers).where(eq(staffUsers.orgId, org.orgId))).length;
    const cases: [string, string, unknown, number, string | undefined][] = [
      ["POST", "Users", "{not json", 400, "invalidSyntax"],
      [
        "POST",
        "Users",
        { schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"], userName: "not-an-address" },
        400,
        "invalidValue",
      ],
      ["POST", "Users", { schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"] }, 400, undefined],
      ["POST", "Users", { userName: "x@acme.test" }, 400, undefined],
      ["POST", "Users", userBody(`ctl.${uniq()}@acme.test`, { displayName: "a\u0000b" }), 400, "invalidValue"],
      ["POST", "Users", userBody(`long.${uniq()}@acme.test`, { displayName: "x".repeat(201) }), 400, "invalidValue"],
      ["POST", "Users", userBody(`act.${uniq()}@acme.test`, { active: "yes" }), 400, undefined],
      ["GET", `Users?filter=${encodeURIComponent("userName eq")}`, undefined, 400, "invalidFilter"],
      ["GET", "Users?count=-1", undefined, 400, "invalidValue"],
      [
        "PATCH",
        `Users/${crypto.randomUUID()}`,
        {
          schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
          Operations: [{ op: "replace", path: "displayName", value: "x" }],
        },
        404,
        undefined,
      ],
      [
        "PATCH",
        "Users/not-a-uuid",
        {
          schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
          Operations: [{ op: "replace", path: "active", value: false }],
        },
        404,
        undefined,
      ],
      [
        "PATCH",
        `Users/${admin.id}`,
        { schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"], Operations: [] },
        400,
        undefined,
      ],
      [
        "PATCH",
        `Users/${admin.id}`,
        { schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"], Operations: [{ op: "explode", path: "active" }] },
        400,
        undefined,
      ],
      ["PUT", "Users", userBody(`put.${uniq()}@acme.test`), 405, undefined],
      [
        "POST",
        "Groups",
        { schemas: ["urn:ietf:params:scim:schemas:core:2.0:Group"], displayName: "G", members: [{ value: "not-a-user" }] },
        400,
        "invalidValue",
      ],
      [
        "POST",
        "Users",
        JSON.stringify(userBody(`big.${uniq()}@acme.test`, { externalId: "x".repeat(1024 * 1024) })),
        413,
        undefined,
      ],
    ];
    for (const [method, path, body, status, scimType] of cases) {
      const r = await scim(method, path, body);
      expect([method, path.slice(0, 60), JSON.stringify(body ?? "").slice(0, 80), r.status]).toEqual([
        method,
        path.slice(0, 60),
        JSON.stringify(body ?? "").slice(0, 80),
        status,
      ]);
      expect(r.body).toMatchObject({ schemas: [ERROR], status: String(status) });
      if (scimType) expect(r.body!.scimType).toBe(scimType);
    }
    expect((await db.select().from(staffUsers).where(eq(staffUsers.orgId, org.orgId))).length).toBe(before);
  });

  it("cuts off a body with no declared length once it passes 1 MB, without reading the rest", async () => {
    let pulled = 0;
    const chunk = new TextEncoder().encode(" ".repeat(64 * 1024));
    const endless = new ReadableStream<Uint8Array>({
      pull(c) {
        pulled += chunk.byteLength;
        c.enqueue(chunk);
      },
    });
    const r = await scim("POST", "Users", endless);
    expect(r.status).toBe(413);
    expect(r.body).toMatchObject({ schemas: [ERROR], status: "413" });
    // Stopped at the limit (plus what the stream had queued), not read to the end of a body that has none.
    expect(pulled).toBeLessThan(1024 * 1024 + 4 * chunk.byteLength);
  });

  it("is limited per address and per token: 429 in the RFC's shape with Retry-After, and the next address or token still served", async () => {
    const { token } = await makeScimToken(admin, `Limits ${uniq()}`);
    const ip = `10.77.${Math.floor(Math.random() * 250)}.1`;
    await emptyRateBucket(`scim-ip:${ip}`);
    const fromBusyAddress = await client(token, ip)("GET", "Users");
    expect(fromBusyAddress.status).toBe(429);
    expect(fromBusyAddress.body).toMatchObject({ schemas: [ERROR], status: "429" });
    expect(Number(fromBusyAddress.retryAfter)).toBeGreaterThan(0);
    expect((await client(token)("GET", "Users")).status).toBe(200);

    await emptyRateBucket(`scim-token:${hashToken(`Bearer ${token}`)}`);
    const busyToken = await client(token)("GET", "Users");
    expect(busyToken.status).toBe(429);
    expect(busyToken.body!.detail).toMatch(/at most 1200 a minute/);
    expect((await scim("GET", "Users")).status).toBe(200);
  });

  it("another organization's users are not found, not changed and not deleted", async () => {
    const other = await makeOrg();
    const otherAdmin = await staffOf(other.orgId, "ADMIN");
    const { token } = await makeScimToken(otherAdmin, "Other");
    const theirs = client(token);
    const mine = await scim("POST", "Users", userBody(`mine.${uniq()}@acme.test`));
    const id = mine.body!.id as string;
    expect((await theirs("GET", `Users/${id}`)).status).toBe(404);
    expect((await theirs("PUT", `Users/${id}`, userBody(`taken.${uniq()}@acme.test`))).status).toBe(404);
    expect((await theirs("DELETE", `Users/${id}`)).status).toBe(404);
    const listed = await theirs("GET", "Users");
    expect(listed.body!.Resources.map((u: { id: string }) => u.id)).not.toContain(id);
    expect((await scim("GET", `Users/${id}`)).status).toBe(200);
    // Their group cannot take my user as a member.
    const g = await theirs("POST", "Groups", {
      schemas: ["urn:ietf:params:scim:schemas:core:2.0:Group"],
      displayName: "Steal",
      members: [{ value: id }],
    });
    expect(g.status).toBe(400);
  });

  it("never removes the organization's last active admin", async () => {
    const solo = await makeOrg();
    const only = await staffOf(solo.orgId, "ADMIN");
    const { token } = await makeScimToken(only, "Solo");
    const c = client(token);
    const off = await c("PATCH", `Users/${only.id}`, {
      schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
      Operations: [{ op: "replace", path: "active", value: false }],
    });
    expect(off.status).toBe(409);
    expect((await c("DELETE", `Users/${only.id}`)).status).toBe(409);
    const db = await getDb();
    const [row] = await db.select().from(staffUsers).where(eq(staffUsers.id, only.id));
    expect(row!.deactivatedAt).toBeNull();
  });
});

describe("SCIM groups", () => {
  it("are made with members, patched (add, remove), renamed and deleted; an admin group makes its members admins", async () => {
    await saveScimSettings(admin, { adminGroups: ["Signet Admins"] });
    const a = (await scim("POST", "Users", userBody(`ga.${uniq()}@acme.test`))).body!.id as string;
    const b = (await scim("POST", "Users", userBody(`gb.${uniq()}@acme.test`))).body!.id as string;
    const made = await scim("POST", "Groups", {
      schemas: ["urn:ietf:params:scim:schemas:core:2.0:Group"],
      displayName: "Signet Admins",
      members: [{ value: a }],
    });
    expect(made.status).toBe(201);
    const gid = made.body!.id as string;
    expect(made.body!.members).toEqual([expect.objectContaining({ value: a })]);
    const db = await getDb();
    const role = async (id: string) => (await db.select().from(staffUsers).where(eq(staffUsers.id, id)))[0]!.role;
    expect(await role(a)).toBe("ADMIN");
    expect(await role(b)).toBe("MEMBER");
    expect((await scim("GET", `Users/${a}`)).body!.groups).toEqual([
      expect.objectContaining({ value: gid, display: "Signet Admins" }),
    ]);
    // Entra ID's membership PATCH: add b, remove a.
    const patched = await scim("PATCH", `Groups/${gid}`, {
      schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
      Operations: [
        { op: "add", path: "members", value: [{ value: b }] },
        { op: "remove", path: `members[value eq "${a}"]` },
      ],
    });
    expect(patched.status).toBe(200);
    expect(patched.body!.members.map((m: { value: string }) => m.value)).toEqual([b]);
    expect(await role(a)).toBe("MEMBER");
    expect(await role(b)).toBe("ADMIN");
    const found = await scim("GET", `Groups?filter=${encodeURIComponent('displayName eq "Signet Admins"')}`);
    expect(found.body).toMatchObject({ totalResults: 1 });
    const clash = await scim("POST", "Groups", {
      schemas: ["urn:ietf:params:scim:schemas:core:2.0:Group"],
      displayName: "Signet Admins",
    });
    expect(clash.body).toMatchObject({ status: "409", scimType: "uniqueness" });
    // Renamed away from the admin group: b is a member again. Deleted: gone.
    const renamed = await scim("PATCH", `Groups/${gid}`, {
      schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
      Operations: [{ op: "replace", path: "displayName", value: "Former admins" }],
    });
    expect(renamed.body).toMatchObject({ displayName: "Former admins" });
    expect(await role(b)).toBe("MEMBER");
    expect((await scim("DELETE", `Groups/${gid}`)).status).toBe(204);
    expect((await scim("GET", `Groups/${gid}`)).status).toBe(404);
    await saveScimSettings(admin, { adminGroups: [] });
  });
});
