"use client";
import { useCallback, useLayoutEffect, useState } from "react";
import { FieldHistory } from "./field-history";
import type { FieldInput } from "./types";
import type { PlacedField } from "./use-field-store";

/** What the history needs of the field store (useFieldStore). */
export interface HistoryStore {
  fields: PlacedField[];
  add: (input: FieldInput) => string;
  update: (key: string, patch: Partial<FieldInput>, opts?: { delay?: number }) => void;
  remove: (key: string) => Promise<void>;
}

/**
 * The placer's undo and redo (FieldHistory) over its field store. The callbacks are stable, so the
 * memoised pages do not render again when the history changes; `canUndo` and `canRedo` are state.
 */
export function useFieldHistory(store: HistoryStore) {
  const [history] = useState(() => new FieldHistory());
  const { fields, add: storeAdd, update: storeUpdate, remove: storeRemove } = store;
  useLayoutEffect(() => {
    history.attach({
      find: (key) => fields.find((f) => f.key === key),
      add: storeAdd,
      update: storeUpdate,
      remove: (key) => void storeRemove(key),
    });
  }, [history, fields, storeAdd, storeUpdate, storeRemove]);
  const [can, setCan] = useState({ undo: false, redo: false });
  const changed = useCallback(() => setCan({ undo: history.canUndo, redo: history.canRedo }), [history]);

  const add = useCallback(
    (input: FieldInput) => {
      const key = history.add(input);
      changed();
      return key;
    },
    [history, changed],
  );
  const update = useCallback(
    (key: string, patch: Partial<FieldInput>, opts: { delay?: number } = {}) => {
      history.update(key, patch, opts);
      changed();
    },
    [history, changed],
  );
  const remove = useCallback(
    (key: string) => {
      history.remove(key);
      changed();
    },
    [history, changed],
  );
  const undo = useCallback(() => {
    const key = history.undo();
    changed();
    return key;
  }, [history, changed]);
  const redo = useCallback(() => {
    const key = history.redo();
    changed();
    return key;
  }, [history, changed]);

  return { add, update, remove, undo, redo, canUndo: can.undo, canRedo: can.redo };
}
