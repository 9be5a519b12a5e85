import { describe, expect, it } from "vitest";
import { FieldHistory, type HistoryOps } from "./field-history";
import type { FieldInput } from "./types";
import type { PlacedField } from "./use-field-store";

/** A stand-in for the field store: fields by key, new keys k1, k2, … */
function fakeStore() {
  let n = 0;
  let clock = 0;
  const fields = new Map<string, PlacedField>();
  const ops: HistoryOps = {
    find: (key) => fields.get(key),
    add: (input) => {
      const key = `k${++n}`;
      fields.set(key, { ...input, key, id: null });
      return key;
    },
    update: (key, patch) => {
      const f = fields.get(key);
      if (f) fields.set(key, { ...f, ...patch });
    },
    remove: (key) => void fields.delete(key),
  };
  const history = new FieldHistory(() => clock);
  history.attach(ops);
  return { fields, history, tick: (ms: number) => (clock += ms) };
}

const sig: FieldInput = { type: "SIGNATURE", recipientId: "r1", page: 1, x: 72, y: 100, width: 150, height: 30 };

describe("field history", () => {
  it("undoes a delete by placing the field again, under a new key that later steps follow", () => {
    const { fields, history, tick } = fakeStore();
    const key = history.add(sig);
    tick(5000);
    history.update(key, { x: 200 }, { delay: 0 });
    tick(5000);
    history.remove(key);
    expect(fields.size).toBe(0);

    const back = history.undo();
    expect(back).toBe("k2");
    expect(fields.get("k2")).toMatchObject({ ...sig, x: 200 });
    // The move before the delete now names the new key.
    expect(history.undo()).toBe("k2");
    expect(fields.get("k2")?.x).toBe(72);
    expect(history.undo()).toBeNull();
    expect(fields.size).toBe(0);
    expect(history.undo()).toBeUndefined();

    // Redo all three: placed again (k3), moved, deleted.
    expect(history.redo()).toBe("k3");
    expect(history.redo()).toBe("k3");
    expect(fields.get("k3")?.x).toBe(200);
    expect(history.redo()).toBeNull();
    expect(fields.size).toBe(0);
    expect(history.canRedo).toBe(false);
  });

  it("makes one step of a gesture (a resize's moves and its end), and a new one for the next drag", () => {
    const { fields, history, tick } = fakeStore();
    const key = history.add(sig);
    tick(5000);
    for (const width of [160, 170, 180]) {
      history.update(key, { width, height: 30 }, { delay: 800 });
      tick(16);
    }
    history.update(key, { width: 190, height: 30 }, { delay: 0 });
    tick(100);
    history.update(key, { width: 200, height: 30 }, { delay: 0 });
    expect(history.undo()).toBe(key);
    expect(fields.get(key)?.width).toBe(190);
    expect(history.undo()).toBe(key);
    expect(fields.get(key)?.width).toBe(150);
    expect(history.undo()).toBeNull();
  });

  it("a new change drops what could be redone; a step whose field is gone is skipped", () => {
    const { fields, history } = fakeStore();
    const a = history.add(sig);
    const b = history.add({ ...sig, y: 300 });
    history.undo();
    expect(history.canRedo).toBe(true);
    history.update(a, { x: 10 });
    expect(history.canRedo).toBe(false);
    // The field went elsewhere (the fields were read again from the server): its steps are skipped.
    fields.delete(a);
    expect(history.undo()).toBeUndefined();
    expect(history.canUndo).toBe(false);
    expect(fields.has(b)).toBe(false);
  });
});
