import type { FieldInput } from "./types";
import type { PlacedField } from "./use-field-store";

/** What the history does to the placer's fields (the field store, or a stand-in in a test). */
export interface HistoryOps {
  find: (key: string) => PlacedField | undefined;
  add: (input: FieldInput) => string;
  update: (key: string, patch: Partial<FieldInput>, opts: { delay?: number }) => void;
  remove: (key: string) => void;
}

type Entry =
  | { kind: "add"; key: string; field: FieldInput }
  | { kind: "remove"; key: string; field: FieldInput }
  | { kind: "update"; key: string; before: Partial<FieldInput>; after: Partial<FieldInput>; at: number; open: boolean };

/** Changes of one gesture (a resize's moves, held arrow keys) closer together than this are one step. */
const GESTURE_MS = 1000;
const LIMIT = 200;

/** A placed field as the API takes it again (a deleted field is re-created from this). */
export function inputOf(f: PlacedField): FieldInput {
  const { key: _key, id: _id, anchor: _anchor, ...input } = f;
  return input;
}

const sameKeys = (a: object, b: object) => {
  const ka = Object.keys(a).sort();
  const kb = Object.keys(b).sort();
  return ka.length === kb.length && ka.every((k, i) => k === kb[i]);
};

/**
 * Undo and redo over the placer's fields: placing, moving, resizing, changing and deleting a field.
 * Undoing a delete (or redoing a placement) creates the field again, under a new key (and, on the
 * server, a new id); every step that named the old key then names the new one. A change sent with a
 * delay (a resize's moves, held arrow keys) stays open, and the next change of the same field and
 * properties within a second joins it, up to the change that ends the gesture (no delay). A step whose
 * field is gone (the fields were read again from the server after an error) is skipped.
 */
export class FieldHistory {
  private undos: Entry[] = [];
  private redos: Entry[] = [];

  private current: HistoryOps | null = null;

  constructor(private readonly now: () => number = Date.now) {}

  /** The fields the steps apply to, as they are now (the placer gives them again after each change). */
  attach(ops: HistoryOps) {
    this.current = ops;
  }

  private ops(): HistoryOps {
    if (!this.current) throw new Error("The field history has no fields yet (attach them first)");
    return this.current;
  }

  get canUndo() {
    return this.undos.length > 0;
  }
  get canRedo() {
    return this.redos.length > 0;
  }

  add(input: FieldInput): string {
    const key = this.ops().add(input);
    this.record({ kind: "add", key, field: input });
    return key;
  }

  update(key: string, patch: Partial<FieldInput>, opts: { delay?: number } = {}) {
    const f = this.ops().find(key);
    if (f) {
      const before = Object.fromEntries(Object.keys(patch).map((k) => [k, f[k as keyof FieldInput]])) as Partial<FieldInput>;
      const last = this.undos.at(-1);
      const at = this.now();
      const open = (opts.delay ?? 0) > 0;
      if (last?.kind === "update" && last.open && last.key === key && at - last.at < GESTURE_MS && sameKeys(last.after, patch)) {
        this.undos[this.undos.length - 1] = { ...last, after: { ...last.after, ...patch }, at, open };
        this.redos = [];
      } else this.record({ kind: "update", key, before, after: patch, at, open });
    }
    this.ops().update(key, patch, opts);
  }

  remove(key: string) {
    const f = this.ops().find(key);
    if (f) this.record({ kind: "remove", key, field: inputOf(f) });
    this.ops().remove(key);
  }

  /** One step back; answers the key of the field it left in place, null when it removed one, undefined when there was nothing to undo. */
  undo(): string | null | undefined {
    return this.step(this.undos, this.redos, true);
  }

  /** One step forward again; answers as undo does. */
  redo(): string | null | undefined {
    return this.step(this.redos, this.undos, false);
  }

  private record(e: Entry) {
    this.undos.push(e);
    if (this.undos.length > LIMIT) this.undos.splice(0, this.undos.length - LIMIT);
    this.redos = [];
  }

  private rekey(from: string, to: string) {
    for (const stack of [this.undos, this.redos])
      for (let i = 0; i < stack.length; i++) if (stack[i]!.key === from) stack[i] = { ...stack[i]!, key: to };
  }

  private step(from: Entry[], to: Entry[], backwards: boolean): string | null | undefined {
    const ops = this.ops();
    for (let e = from.pop(); e; e = from.pop()) {
      if (e.kind === "update") {
        if (!ops.find(e.key)) continue;
        ops.update(e.key, backwards ? e.before : e.after, { delay: 0 });
        to.push({ ...e, open: false });
        return e.key;
      }
      // Undoing a removal or redoing a placement makes the field again; the other two remove it.
      if (backwards === (e.kind === "remove")) {
        const key = ops.add(e.field);
        this.rekey(e.key, key);
        to.push({ ...e, key });
        return key;
      }
      if (!ops.find(e.key)) continue;
      ops.remove(e.key);
      to.push(e);
      return null;
    }
    return undefined;
  }
}
