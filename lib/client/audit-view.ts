import type { AuditEvent } from "./types";

/** The audit events of editing a draft's fields, one per field. */
const FIELD_EVENTS: Record<string, "added" | "changed" | "removed"> = {
  "fields.added": "added",
  "field.updated": "changed",
  "field.removed": "removed",
};

/** A run of field edits further apart than this is two saves. */
const SAVE_GAP_MS = 10 * 60_000;

export interface FieldEdits {
  added: number;
  changed: number;
  removed: number;
}

/** One row of the dashboard's audit trail: an event, or one save's field edits together. */
export type AuditRow =
  { kind: "event"; event: AuditEvent } | { kind: "fields"; id: string; event: AuditEvent; edits: FieldEdits };

/**
 * The audit trail as staff read it: field edits in a draft are one "fields edited"
 * row per save — a run of field events by one actor with nothing else between them and no pause longer
 * than SAVE_GAP_MS — counting what was added, changed and removed, instead of a row per field. The audit
 * API keeps every event; only this view groups them. `event` of a group is its last (its time and actor).
 */
export function auditRows(events: readonly AuditEvent[]): AuditRow[] {
  const rows: AuditRow[] = [];
  for (const e of events) {
    const what = FIELD_EVENTS[e.type];
    if (!what) {
      rows.push({ kind: "event", event: e });
      continue;
    }
    const n = what === "added" && typeof e.data?.count === "number" ? e.data.count : 1;
    const last = rows.at(-1);
    if (
      last?.kind === "fields" &&
      last.event.actor === e.actor &&
      Math.abs(Date.parse(e.createdAt) - Date.parse(last.event.createdAt)) <= SAVE_GAP_MS
    ) {
      last.edits[what] += n;
      last.event = e;
    } else rows.push({ kind: "fields", id: e.id, event: e, edits: { added: 0, changed: 0, removed: 0, [what]: n } });
  }
  return rows;
}
