import "server-only";
import type { PGlite } from "@electric-sql/pglite";

type Attr = { mode?: number } & Record<string, unknown>;
type SetAttr = (target: unknown, attr: Attr) => void;
/** The part of Emscripten's NODEFS (the file system PGlite's data directory is mounted with) changed here. */
interface NodeFsOps {
  node_ops: { setattr: SetAttr };
  stream_ops: { setattr: SetAttr };
}

const patched = new WeakSet<object>();

/**
 * Emscripten creates each of PGlite's files and then sets its mode with chmod (0666 for most of the
 * data files), and a chmod ignores the umask: so DATA_DIR/pg's files came out readable by every local
 * user, the WAL with them. Here a mode it sets loses every bit for group and others (a file 0600, a
 * folder 0700); what it creates follows the process's umask (077 for the server and the CLI).
 */
function keepModesPrivate(nodefs: NodeFsOps) {
  if (patched.has(nodefs)) return;
  patched.add(nodefs);
  const mask = (attr: Attr): Attr => (attr.mode === undefined ? attr : { ...attr, mode: attr.mode & ~0o077 });
  for (const ops of [nodefs.node_ops, nodefs.stream_ops]) {
    const setattr = ops.setattr;
    ops.setattr = (target, attr) => setattr(target, mask(attr));
  }
}

/** PGlite's file system for a data directory on disk (its own NodeFS), whose files and folders are for this user only. */
export async function privateNodeFs(dataDir: string) {
  const { NodeFS } = await import("@electric-sql/pglite/nodefs");
  class PrivateNodeFS extends NodeFS {
    override async init(pg: PGlite, opts: Parameters<InstanceType<typeof NodeFS>["init"]>[1]) {
      const made = await super.init(pg, opts);
      const preRun = made.emscriptenOpts.preRun ?? [];
      made.emscriptenOpts.preRun = [...preRun, (mod) => keepModesPrivate(mod.NODEFS as unknown as NodeFsOps)];
      return made;
    }
  }
  return new PrivateNodeFS(dataDir);
}
