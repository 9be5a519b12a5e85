"use client";
import { useCallback, useLayoutEffect, useRef, useState } from "react";
import type { FieldInput } from "./types";
import type { PlacedField } from "./use-field-store";

/** What the history needs of the field store (useFieldStore). */
export interface HistoryStore {
  fields: PlacedField[];
  add: (input: FieldInput) => string;
  update: (key: string, patch: Partial<FieldInput>, opts?: { delay?: number }) => void;
  remove: (key: string) => Promise<void>;
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
 * Undo and redo over the placer's field store: placing, moving, resizing, changing and deleting a field.
 * Undoing a delete creates the field again on the server (a new id; the placer's key for it changes, and
 * every step that named the old key names the new one). A step whose field is gone (the fields were read
 * again from the server after an error) is dropped.
 */
export function useFieldHistory(store: HistoryStore) {
  const undoStack = useRef<Entry[]>([]);
  const redoStack = useRef<Entry[]>([]);
  const [sizes, setSizes] = useState({ undo: 0, redo: 0 });
  const fieldsRef = useRef(store.fields);
  useLayoutEffect(() => {
    fieldsRef.current = store.fields;
  }, [store.fields]);
  const { add: storeAdd, update: storeUpdate, remove: storeRemove } = store;

  const changed = useCallback(() => {
    if (undoStack.current.length > LIMIT) undoStack.current.splice(0, undoStack.current.length - LIMIT);
    setSizes({ undo: undoStack.current.length, redo: redoStack.current.length });
  }, []);
  const find = useCallback((key: string) => fieldsRef.current.find((f) => f.key === key), []);
  const rekey = (from: string, to: string) => {
    for (const stack of [undoStack.current, redoStack.current])
      for (let i = 0; i < stack.length; i++) if (stack[i]!.key === from) stack[i] = { ...stack[i]!, key: to };
  };
  const record = useCallback(
    (e: Entry) => {
      undoStack.current.push(e);
      redoStack.current = [];
      changed();
    },
    [changed],
  );

  const add = useCallback(
    (input: FieldInput): string => {
      const key = storeAdd(input);
      record({ kind: "add", key, field: input });
      return key;
    },
    [storeAdd, record],
  );

  const update = useCallback(
    (key: string, patch: Partial<FieldInput>, opts: { delay?: number } = {}) => {
      const f = find(key);
      if (f) {
        const before = Object.fromEntries(Object.keys(patch).map((k) => [k, f[k as keyof FieldInput]])) as Partial<FieldInput>;
        const last = undoStack.current.at(-1);
        const now = Date.now();
        const open = (opts.delay ?? 0) > 0;
        if (
          last?.kind === "update" &&
          last.open &&
          last.key === key &&
          now - last.at < GESTURE_MS &&
          sameKeys(last.after, patch)
        ) {
          undoStack.current[undoStack.current.length - 1] = { ...last, after: { ...last.after, ...patch }, at: now, open };
          redoStack.current = [];
          changed();
        } else record({ kind: "update", key, before, after: patch, at: now, open });
      }
      storeUpdate(key, patch, opts);
    },
    [storeUpdate, changed, find, record],
  );

  const remove = useCallback(
    (key: string) => {
      const f = find(key);
      if (f) record({ kind: "remove", key, field: inputOf(f) });
      void storeRemove(key);
    },
    [storeRemove, find, record],
  );

  /** Applies one step backwards (`undo`) or forwards; answers the key of the field it left in place, if any. */
  const step = (from: Entry[], to: Entry[], backwards: boolean): string | null | undefined => {
    for (let e = from.pop(); e; e = from.pop()) {
      const recreate = backwards ? e.kind === "remove" : e.kind === "add";
      if (e.kind === "add" || e.kind === "remove") {
        if (recreate) {
          const key = storeAdd(e.field);
          rekey(e.key, key);
          to.push({ ...e, key });
          changed();
          return key;
        }
        if (!find(e.key)) continue;
        void storeRemove(e.key);
        to.push(e);
        changed();
        return null;
      }
      if (!find(e.key)) continue;
      storeUpdate(e.key, backwards ? e.before : e.after, { delay: 0 });
      to.push({ ...e, open: false });
      changed();
      return e.key;
    }
    changed();
    return undefined;
  };
  const undo = () => step(undoStack.current, redoStack.current, true);
  const redo = () => step(redoStack.current, undoStack.current, false);

  return { add, update, remove, undo, redo, canUndo: sizes.undo > 0, canRedo: sizes.redo > 0 };
}
