import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { RECIPIENT_STATUSES, REQUEST_STATUSES, type RecipientRole } from "@/lib/schemas/states";
import { AppError } from "../errors";
import {
  assertDraft,
  assertRequestStatus,
  canTransitionRequest,
  endsTurns,
  REQUEST_TRANSITIONS,
  requestPredecessors,
  requestStateCode,
} from "./request-state";
import {
  assertMayAct,
  assertRecipientStatus,
  canTransitionRecipient,
  endsTurn,
  MAY_ACT_STATUSES,
  RECIPIENT_TRANSITIONS,
  recipientPredecessors,
} from "./recipient-state";

const thrown = (f: () => void): AppError => {
  try {
    f();
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error("nothing was thrown");
};

describe("the signature request state machine", () => {
  it("has exactly the transitions of the spec; every other move is refused", () => {
    const allowed = REQUEST_STATUSES.flatMap((from) =>
      REQUEST_STATUSES.filter((to) => canTransitionRequest(from, to)).map((to) => `${from}→${to}`),
    );
    expect(allowed.sort()).toEqual(
      [
        "DRAFT→IN_PROGRESS",
        "IN_PROGRESS→COMPLETED",
        "IN_PROGRESS→DECLINED",
        "IN_PROGRESS→CANCELLED",
        "IN_PROGRESS→EXPIRED",
      ].sort(),
    );
    // Final states go nowhere; nothing goes back to DRAFT; nothing skips the send.
    for (const end of ["COMPLETED", "DECLINED", "CANCELLED", "EXPIRED"] as const) expect(REQUEST_TRANSITIONS[end]).toEqual([]);
    expect(requestPredecessors("DRAFT")).toEqual([]);
    expect(canTransitionRequest("DRAFT", "COMPLETED")).toBe(false);
    expect(canTransitionRequest("COMPLETED", "IN_PROGRESS")).toBe(false);
    expect(canTransitionRequest("IN_PROGRESS", "IN_PROGRESS")).toBe(false);
    expect(requestPredecessors("CANCELLED")).toEqual(["IN_PROGRESS"]);
  });

  it("names each refusal with its own code, 409, and the current state in the message and details", () => {
    const e = thrown(() => assertDraft({ status: "IN_PROGRESS", pendingApprovalId: null }, "adding recipients"));
    expect(e).toMatchObject({
      code: "REQUEST_NOT_DRAFT",
      status: 409,
      message: "Signature request is IN_PROGRESS; adding recipients is only possible while it is DRAFT",
      details: { status: "IN_PROGRESS" },
    });
    const codes = REQUEST_STATUSES.filter((s) => s !== "IN_PROGRESS").map((s) => requestStateCode(s, ["IN_PROGRESS"]));
    expect(codes).toEqual(["REQUEST_NOT_SENT", "REQUEST_COMPLETED", "REQUEST_DECLINED", "REQUEST_CANCELLED", "REQUEST_EXPIRED"]);
    const c = thrown(() => assertRequestStatus({ status: "DRAFT" }, ["IN_PROGRESS"], (s) => `cannot remind (${s})`));
    expect(c).toMatchObject({
      code: "REQUEST_NOT_SENT",
      status: 409,
      message: "Signature request is DRAFT; cannot remind (DRAFT)",
    });
    expect(() => assertRequestStatus({ status: "IN_PROGRESS" }, ["IN_PROGRESS"], "x")).not.toThrow();
  });
});

describe("the recipient state machine", () => {
  it("has exactly the transitions of a turn; every other move is refused", () => {
    const allowed = RECIPIENT_STATUSES.flatMap((from) =>
      RECIPIENT_STATUSES.filter((to) => canTransitionRecipient(from, to)).map((to) => `${from}→${to}`),
    );
    expect(allowed.sort()).toEqual(
      [
        "PENDING→SENT",
        "SENT→VIEWED",
        "SENT→SIGNED",
        "SENT→APPROVED",
        "SENT→DECLINED",
        "VIEWED→SIGNED",
        "VIEWED→APPROVED",
        "VIEWED→DECLINED",
        // The seal could not use the signer's image; they are asked to sign again.
        "SIGNED→VIEWED",
        // A signing group has the signatures it needs: its other members, invited or not, are let go.
        "PENDING→RELEASED",
        "SENT→RELEASED",
        "VIEWED→RELEASED",
      ].sort(),
    );
    for (const end of ["APPROVED", "DECLINED", "RELEASED"] as const) expect(RECIPIENT_TRANSITIONS[end]).toEqual([]);
    expect(RECIPIENT_TRANSITIONS.SIGNED).toEqual(["VIEWED"]);
    // Nobody signs before their turn, nor goes back.
    expect(canTransitionRecipient("PENDING", "SIGNED")).toBe(false);
    expect(canTransitionRecipient("VIEWED", "SENT")).toBe(false);
    expect(recipientPredecessors("PENDING")).toEqual([]);
  });

  it("lets each role reach only its own statuses", () => {
    const reach = (role: RecipientRole) =>
      RECIPIENT_STATUSES.filter((to) => RECIPIENT_STATUSES.some((from) => canTransitionRecipient(from, to, role)));
    expect(reach("SIGNER")).toEqual(["SENT", "VIEWED", "SIGNED", "DECLINED", "RELEASED"]);
    expect(reach("APPROVER")).toEqual(["SENT", "VIEWED", "APPROVED", "DECLINED"]);
    expect(reach("VIEWER")).toEqual(["SENT", "VIEWED"]);
    expect(reach("CC")).toEqual([]);
  });

  it("refuses to act out of turn, twice, or out of role, each with its own code", () => {
    const req = { status: "IN_PROGRESS" } as const;
    const cases = [
      [{ status: "PENDING", role: "SIGNER" }, "sign", "RECIPIENT_NOT_YOUR_TURN", /not your turn to sign/],
      [{ status: "SIGNED", role: "SIGNER" }, "sign", "RECIPIENT_ALREADY_SIGNED", /already signed/],
      [{ status: "APPROVED", role: "APPROVER" }, "decline", "RECIPIENT_ALREADY_APPROVED", /already approved/],
      [{ status: "DECLINED", role: "SIGNER" }, "sign", "RECIPIENT_DECLINED", /You declined/],
      [{ status: "SENT", role: "CC" }, "sign", "RECIPIENT_ROLE_CANNOT_ACT", /CC recipient does not sign/],
      [{ status: "SENT", role: "SIGNER" }, "approve", "RECIPIENT_ROLE_CANNOT_ACT", /only an approver approves/],
    ] as const;
    for (const [r, action, code, message] of cases) {
      const e = thrown(() => assertMayAct(r, req, action));
      expect(e, `${r.role} ${r.status} ${action}`).toMatchObject({
        code,
        status: 409,
        details: { status: r.status, role: r.role },
      });
      expect(e.message).toMatch(message);
    }
    expect(thrown(() => assertMayAct({ status: "SENT", role: "SIGNER" }, { status: "COMPLETED" }, "sign"))).toMatchObject({
      code: "REQUEST_COMPLETED",
      status: 409,
    });
    expect(() => assertMayAct({ status: "VIEWED", role: "SIGNER" }, req, "sign")).not.toThrow();
    expect(() => assertMayAct({ status: "SENT", role: "APPROVER" }, req, "decline")).not.toThrow();
    const e = thrown(() => assertRecipientStatus({ status: "PENDING", role: "SIGNER" }, ["SENT", "VIEWED"], (s) => `is ${s}`));
    expect(e).toMatchObject({ code: "RECIPIENT_NOT_YOUR_TURN", message: "is PENDING", details: { recipientStatus: "PENDING" } });
  });
});

/** Every .ts file of lib/server but the tests. */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return sources(p);
    return d.name.endsWith(".ts") && !d.name.endsWith(".test.ts") ? [p] : [];
  });
}

/** A `status` key in an object literal (shorthand included). */
const STATUS_KEY = /(^|[\s{,(])status\s*[:,}]/;

/** The text of the call's arguments that starts at `open` (the index of its "("), parentheses balanced. */
function argsAt(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === "(") depth++;
    else if (text[i] === ")" && --depth === 0) return text.slice(open + 1, i);
  }
  return text.slice(open + 1);
}

describe("status writes", () => {
  it("happen only in the two state machine modules", () => {
    const root = path.resolve(import.meta.dirname, "..");
    const owners = new Set([path.join(root, "model/request-state.ts"), path.join(root, "model/recipient-state.ts")]);
    const offenders: string[] = [];
    for (const file of sources(root)) {
      if (owners.has(file)) continue;
      const text = fs.readFileSync(file, "utf8");
      // The query builder: .update(<table>) … .set({ …status… }) up to the end of that statement.
      for (const m of text.matchAll(/\.update\(\s*(signatureRequests|recipients)\s*\)/g)) {
        const rest = text.slice(m.index);
        const set = rest.search(/\.set\(/);
        const end = rest.search(/;\s*$/m);
        if (set < 0 || (end >= 0 && set > end)) continue;
        if (STATUS_KEY.test(argsAt(rest, set + 4).replace(/\/\/.*$/gm, "")))
          offenders.push(`${path.relative(root, file)}: ${m[0]}`);
      }
      // Raw SQL.
      for (const m of text.matchAll(/update\s+"?(signature_requests|recipients)"?\s+set\s+[^;`]*\bstatus\b/gi))
        offenders.push(`${path.relative(root, file)}: ${m[0].slice(0, 60)}`);
    }
    expect(offenders).toEqual([]);
  });

  it("the scan finds a status key when there is one", () => {
    const keyOf = (text: string) => STATUS_KEY.test(argsAt(text, text.search(/\.set\(/) + 4));
    expect(keyOf(`tx.update(signatureRequests).set({ status: "DONE", updatedAt: now })`)).toBe(true);
    expect(keyOf(`tx.update(recipients).set({ ...(x && { status }), viewedAt: now })`)).toBe(true);
    expect(keyOf(`tx.update(recipients).set({ statusNote: "x", authFailures: 0 })`)).toBe(false);
  });
});

describe("what a turn leaves behind", () => {
  it("ends with every move out of a turn, and with no other move", () => {
    // A recipient may act while SENT or VIEWED; any other status ends the turn (SIGNED → VIEWED hands it back).
    const ending = RECIPIENT_STATUSES.filter((s) => endsTurn(s));
    expect(ending.sort()).toEqual(["APPROVED", "DECLINED", "PENDING", "RELEASED", "SIGNED"].sort());
    for (const to of ["SIGNED", "APPROVED", "DECLINED"] as const)
      for (const from of recipientPredecessors(to)) expect(MAY_ACT_STATUSES as readonly string[]).toContain(from);
    // A request: every move out of IN_PROGRESS (completed, declined, cancelled, expired); none into it.
    expect(REQUEST_STATUSES.filter((s) => endsTurns(s)).sort()).toEqual(["CANCELLED", "COMPLETED", "DECLINED", "EXPIRED"].sort());
  });

  it("is deleted in one place: signer-leftovers.ts, which the state machine calls (and the purge, which deletes whole requests)", () => {
    const root = path.resolve(import.meta.dirname, "..");
    const allowed: Record<string, string[]> = {
      signerSessions: ["model/signer-leftovers.ts"],
      // A save clears single fields' saved values, as the signer asked.
      signerDrafts: ["model/signer-leftovers.ts", "purge/purge-sandbox.ts", "signing/save-signing-draft.ts"],
      signerFiles: ["model/signer-leftovers.ts", "purge/purge-sandbox.ts"],
    };
    const offenders: string[] = [];
    for (const file of sources(root)) {
      const text = fs.readFileSync(file, "utf8");
      const rel = path.relative(root, file);
      for (const m of text.matchAll(/\.delete\(\s*(signerSessions|signerDrafts|signerFiles)\s*\)/g))
        if (!allowed[m[1]!]!.includes(rel)) offenders.push(`${rel}: ${m[0]}`);
      for (const m of text.matchAll(/delete\s+from\s+"?(signer_sessions|signer_drafts|signer_files)"?/gi))
        offenders.push(`${rel}: ${m[0]}`);
    }
    expect(offenders).toEqual([]);
  });
});
