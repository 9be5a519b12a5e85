import { describe, expect, it } from "vitest";
import { staffMayCall } from "./permissions";

// What a MEMBER may do through the dashboard's proxy (the path after /api/dashboard/), and that an ADMIN
// may do everything: a table of calls and the answer for each.
const member = { role: "MEMBER" };
const admin = { role: "ADMIN" };

describe("staffMayCall", () => {
  const table: [string[], string, string | null][] = [
    [["signature-requests"], "GET", null],
    [["signature-requests"], "POST", null],
    [["signature-requests", "abc", "fields"], "POST", null],
    [["signature-requests", "abc", "fields", "f1"], "PATCH", null],
    [["signature-requests", "abc"], "DELETE", null],
    [["signature-requests", "abc", "send"], "POST", null],
    [["signature-requests", "templates", "t1", "use"], "POST", null],
    [["templates"], "GET", null],
    [["templates"], "POST", null],
    [["templates", "t1"], "DELETE", null],
    [["outbox"], "GET", null],
    [["outbox", "m1"], "get", null],
    [["outbox", "m1"], "DELETE", "Members cannot DELETE outbox; only admins can"],
    [["bulk-sends", "b1"], "GET", null],
    [["bulk-sends"], "POST", "Members cannot POST bulk-sends; only admins can"],
    [["api-keys"], "GET", "Only admins can manage API keys"],
    [["api-keys"], "POST", "Only admins can manage API keys"],
    [["api-keys", "k1"], "DELETE", "Only admins can manage API keys"],
    [["webhooks"], "GET", "Only admins can manage webhooks"],
    [["webhooks", "w1", "deliveries"], "GET", "Only admins can manage webhooks"],
    [["webhooks", "w1"], "PATCH", "Only admins can manage webhooks"],
    // anything not on the members' list is for admins, including paths added later
    [["environment"], "POST", "Only admins can use this part of the dashboard"],
    [["purge-runs"], "GET", "Only admins can use this part of the dashboard"],
    [["constructor"], "GET", "Only admins can use this part of the dashboard"],
    [["__proto__"], "GET", "Only admins can use this part of the dashboard"],
    [[], "GET", "Only admins can use this part of the dashboard"],
  ];

  it.each(table)("a member calling %j with %s", (segments, method, refusal) => {
    expect(staffMayCall(member, segments, method)).toBe(refusal);
  });

  it("an admin may make every one of these calls", () => {
    for (const [segments, method] of table) expect(staffMayCall(admin, segments, method)).toBeNull();
  });

  it("an unknown role is treated as a member", () => {
    expect(staffMayCall({ role: "OWNER" }, ["api-keys"], "GET")).toBe("Only admins can manage API keys");
    expect(staffMayCall({ role: "" }, ["signature-requests"], "GET")).toBeNull();
  });
});
