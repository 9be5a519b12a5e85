import "server-only";

/**
 * Loads by key in batches, never older than the call: every `get` is answered by a load that started
 * after it was called, so it sees every change committed before. While a load runs, the keys asked for
 * meanwhile wait and go together in the next one; with none running, a `get` starts one at once. Many
 * callers asking at once (a server under load) then share few statements, and one alone waits for
 * nothing but its own.
 */
export function freshBatches<K, V>(load: (keys: K[]) => Promise<Map<K, V>>, maxBatch = 500) {
  let running = false;
  let waiting = new Map<K, { resolve: (v: V | undefined) => void; reject: (e: unknown) => void }[]>();

  const next = () => {
    if (running || waiting.size === 0) return;
    running = true;
    let batch = waiting;
    waiting = new Map();
    if (batch.size > maxBatch) {
      // The rest go in the next load, ahead of anyone who asks later.
      const all = [...batch];
      batch = new Map(all.slice(0, maxBatch));
      waiting = new Map([...all.slice(maxBatch), ...waiting]);
    }
    load([...batch.keys()])
      .then(
        (found) => {
          for (const [k, callers] of batch) for (const c of callers) c.resolve(found.get(k));
        },
        (e: unknown) => {
          for (const callers of batch.values()) for (const c of callers) c.reject(e);
        },
      )
      .finally(() => {
        running = false;
        next();
      });
  };

  return {
    get(key: K): Promise<V | undefined> {
      return new Promise<V | undefined>((resolve, reject) => {
        const callers = waiting.get(key);
        if (callers) callers.push({ resolve, reject });
        else waiting.set(key, [{ resolve, reject }]);
        next();
      });
    },
  };
}
