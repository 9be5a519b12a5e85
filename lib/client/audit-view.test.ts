import { describe, expect, it } from "vitest";
import type { AuditEvent } from "./types";
import { auditRows } from "./audit-view";

let n = 0;
const at = (min: number) => new Date(Date.UTC(2026, 10, 25, 9, min)).toISOString();
const ev = (type: string, min: number, actor = "staff:ann", data: Record<string, unknown> = {}): AuditEvent =>
  ({
    id: `e${++n}`,
    type,
    actor,
    actorLabel: null,
    createdAt: at(min),
    data,
    ip: null,
    userAgent: null,
  }) as unknown as AuditEvent;

describe("the audit trail as staff read it", () => {
  it("groups one save's field edits into one row, counting added, changed and removed", () => {
    const rows = auditRows([
      ev("request.created", 0),
      ev("fields.added", 1, "staff:ann", { count: 2 }),
      ev("field.updated", 2),
      ev("field.updated", 3),
      ev("field.removed", 4),
      ev("fields.added", 4, "staff:ann", { count: 1 }),
      ev("request.sent", 5),
    ]);
    expect(rows.map((r) => r.kind)).toEqual(["event", "fields", "event"]);
    const g = rows[1]!;
    expect(g.kind === "fields" && g.edits).toEqual({ added: 3, changed: 2, removed: 1 });
    expect(g.event.createdAt).toBe(at(4));
  });

  it("starts a new row for another actor, another event between, or a pause of more than ten minutes", () => {
    const rows = auditRows([
      ev("fields.added", 0, "staff:ann", { count: 1 }),
      ev("field.updated", 1, "staff:bob"),
      ev("recipient.added", 2),
      ev("field.updated", 3, "staff:bob"),
      ev("field.updated", 20, "staff:bob"),
    ]);
    expect(
      rows.map((r) => (r.kind === "fields" ? `${r.event.actor}:${r.edits.added}/${r.edits.changed}` : r.event.type)),
    ).toEqual(["staff:ann:1/0", "staff:bob:0/1", "recipient.added", "staff:bob:0/1", "staff:bob:0/1"]);
  });

  it("leaves every other event as it is, in order", () => {
    const events = [ev("request.created", 0), ev("request.sent", 1), ev("recipient.viewed", 2)];
    expect(auditRows(events).map((r) => r.event)).toEqual(events);
  });
});
