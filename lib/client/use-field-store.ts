"use client";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { fieldInputOf } from "@/lib/schemas/fields";
import { plainError } from "./api";
import type { FieldDto, FieldInput } from "./types";

/**
 * Where the placer's fields are saved: a draft's fields, or a template's (whose fields name a role; the
 * template builder maps `recipientId` to the role). Keep the object stable (useMemo): the store's callbacks
 * depend on it.
 */
export interface FieldBackend {
  add(fields: FieldInput[]): Promise<{ fields: Pick<FieldDto, "id">[] }>;
  update(fieldId: string, patch: Partial<FieldInput>): Promise<unknown>;
  remove(fieldId: string): Promise<unknown>;
}

/**
 * The same saves, each followed by `reload` once it succeeds (a record of several documents is read again:
 * its tabs count each document's fields). What the save answers is answered as it is.
 */
export function reloadingAfterSaves(b: FieldBackend, reload: () => Promise<unknown>): FieldBackend {
  const saved = <T>(p: Promise<T>) => {
    void p.then(
      () => reload(),
      () => undefined,
    );
    return p;
  };
  return {
    add: (fields) => saved(b.add(fields)),
    update: (fieldId, patch) => saved(b.update(fieldId, patch)),
    remove: (fieldId) => saved(b.remove(fieldId)),
  };
}

/** A field as the placer holds it: `key` stays the same from the first drop, before and after the server knows it. */
export type PlacedField = FieldInput & { key: string; id: string | null; anchor?: FieldDto["anchor"] };

/** A saved field as the placer holds it. */
export const toPlaced = ({ id, recipientId, anchor, ...field }: FieldDto): PlacedField => ({
  key: id,
  id,
  recipientId,
  ...fieldInputOf(field),
  anchor,
});

let tmp = 0;

/**
 * The placer's fields: changed on screen at once, saved to the draft right behind. Moves and nudges
 * are coalesced per field (one PATCH after a short pause), so dragging or holding an arrow key does not
 * spend the key's rate limit. If the server refuses a change, the message is shown and the fields are
 * read again from the server, so the screen never shows what is not saved.
 */
export function useFieldStore(backend: FieldBackend, initial: FieldDto[] | undefined, reload: () => Promise<FieldDto[]>) {
  const [fields, setFields] = useState<PlacedField[]>(() => (initial ?? []).map(toPlaced));
  const [inFlight, setInFlight] = useState(0);
  /** Changes waiting for their pause to end (kept in state so "Saving…" shows at once). */
  const [queued, setQueued] = useState(0);
  const [error, setError] = useState<string | null>(null);
  // The latest fields, for the callbacks below (they run after a commit, when this is up to date).
  const fieldsRef = useRef(fields);
  useLayoutEffect(() => {
    fieldsRef.current = fields;
  }, [fields]);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const pendingPatch = useRef(new Map<string, Partial<FieldInput>>());
  const creating = useRef(new Map<string, Promise<string | null>>());
  const deleted = useRef(new Set<string>());

  const track = useCallback(async <T>(p: Promise<T>): Promise<T> => {
    setInFlight((n) => n + 1);
    try {
      return await p;
    } finally {
      setInFlight((n) => n - 1);
    }
  }, []);

  const resync = useCallback(
    async (e: unknown) => {
      setError(plainError(e));
      try {
        const fresh = await reload();
        setFields(fresh.map(toPlaced));
      } catch {
        /* the message above is enough */
      }
    },
    [reload],
  );

  const serverIdOf = useCallback(async (key: string): Promise<string | null> => {
    const f = fieldsRef.current.find((x) => x.key === key);
    if (f?.id) return f.id;
    return (await creating.current.get(key)) ?? null;
  }, []);

  const flush = useCallback(
    async (key: string) => {
      timers.current.delete(key);
      const patch = pendingPatch.current.get(key);
      pendingPatch.current.delete(key);
      // Counted as in flight before the queue shrinks, so "Saving…" never blinks off in between.
      await track(
        (async () => {
          setQueued(timers.current.size);
          if (!patch || deleted.current.has(key)) return;
          const id = await serverIdOf(key);
          if (!id || deleted.current.has(key)) return;
          try {
            await backend.update(id, patch);
          } catch (e) {
            await resync(e);
          }
        })(),
      );
    },
    [backend, serverIdOf, track, resync],
  );

  const add = useCallback(
    (input: FieldInput): string => {
      const key = `new-${++tmp}`;
      setError(null);
      setFields((fs) => [...fs, { ...input, key, id: null }]);
      const p = track(backend.add([input]))
        .then((r) => {
          const id = r.fields[0]?.id ?? null;
          setFields((fs) => fs.map((f) => (f.key === key ? { ...f, id } : f)));
          if (deleted.current.has(key) && id) void track(backend.remove(id)).catch(resync);
          return id;
        })
        .catch(async (e) => {
          setFields((fs) => fs.filter((f) => f.key !== key));
          await resync(e);
          return null;
        });
      creating.current.set(key, p);
      return key;
    },
    [backend, track, resync],
  );

  const update = useCallback(
    (key: string, patch: Partial<FieldInput>, opts: { delay?: number } = {}) => {
      setError(null);
      setFields((fs) => fs.map((f) => (f.key === key ? { ...f, ...patch } : f)));
      pendingPatch.current.set(key, { ...pendingPatch.current.get(key), ...patch });
      const t = timers.current.get(key);
      if (t) clearTimeout(t);
      timers.current.set(
        key,
        setTimeout(() => void flush(key), opts.delay ?? 0),
      );
      setQueued(timers.current.size);
    },
    [flush],
  );

  const remove = useCallback(
    async (key: string) => {
      setError(null);
      deleted.current.add(key);
      const t = timers.current.get(key);
      if (t) clearTimeout(t);
      timers.current.delete(key);
      setQueued(timers.current.size);
      pendingPatch.current.delete(key);
      const f = fieldsRef.current.find((x) => x.key === key);
      setFields((fs) => fs.filter((x) => x.key !== key));
      if (f?.id) {
        try {
          await track(backend.remove(f.id));
        } catch (e) {
          await resync(e);
        }
      }
    },
    [backend, track, resync],
  );

  /** Fields created elsewhere (from anchors) join the placer as they are. */
  const merge = useCallback(
    (created: FieldDto[]) => setFields((fs) => [...fs, ...created.filter((c) => !fs.some((f) => f.id === c.id)).map(toPlaced)]),
    [],
  );
  const replaceAll = useCallback((all: FieldDto[]) => setFields(all.map(toPlaced)), []);

  // Leaving the page: send what is still waiting.
  useEffect(() => {
    const t = timers.current;
    return () => {
      for (const [key, timer] of t) {
        clearTimeout(timer);
        void flush(key);
      }
    };
  }, [flush]);

  const pending = inFlight > 0 || queued > 0;
  return { fields, add, update, remove, merge, replaceAll, saving: pending, error, setError };
}
