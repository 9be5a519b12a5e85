import "server-only";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { BackupKeyError, parseBackupKey, type BackupKey } from "./backup-key";
import { writeBackup } from "./write-backup";

/**
 * The embedded store can be opened by one process only: the running server's. `npm run signet -- backup`
 * asks that server for the archive over a Unix socket beside its data (DATA_DIR/run/backup.sock, in a
 * directory only the server's user may enter), so that a backup needs neither a stop nor an HTTP
 * endpoint: whoever can reach the socket can already read DATA_DIR. The client sends its backup key
 * with the request (`backup <key>\n`), so the archive is encrypted with the key the operator's command
 * holds, the one it then checks the archive with. The server streams the archive and closes; if it
 * fails part-way it drops the connection, and the client's check of the archive fails.
 */
export function backupSocketPath(dataDir: string): string {
  const beside = path.join(dataDir, "run", "backup.sock");
  // A Unix socket's path has at most 107 bytes: a deep DATA_DIR gets one in the temporary directory.
  if (Buffer.byteLength(beside) <= 100) return beside;
  const id = crypto.createHash("sha256").update(path.resolve(dataDir)).digest("hex").slice(0, 16);
  return path.join(os.tmpdir(), `signet-${id}`, "backup.sock");
}

const REQUEST = /^backup(?: (\S+))?\n$/;
/** "backup " and a key's 44 characters, with room for blanks: a longer first line is not a request. */
const MAX_REQUEST = 100;

/** Serves backups on the socket (embedded store only); returns its closer. */
export async function serveBackups(dataDir: string, onError: (e: unknown) => void): Promise<() => void> {
  const file = backupSocketPath(dataDir);
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  // In the temporary directory another user may have made the folder first: it must be ours, and a folder.
  const folder = fs.lstatSync(path.dirname(file));
  if (!folder.isDirectory() || (process.getuid && folder.uid !== process.getuid()))
    throw new Error(`${path.dirname(file)} is not a folder of this user's: no backup socket`);
  fs.chmodSync(path.dirname(file), 0o700);
  // This process holds DATA_DIR's lock: a socket file left there is a dead server's.
  fs.rmSync(file, { force: true });
  let busy = false;
  const server = net.createServer((socket) => {
    socket.setTimeout(30_000, () => socket.destroy());
    let got = "";
    socket.on("data", (d) => {
      got += d.toString("latin1");
      const nl = got.indexOf("\n");
      if (nl < 0 ? got.length >= MAX_REQUEST : nl !== got.length - 1) return void socket.destroy();
      if (nl < 0) return;
      const request = REQUEST.exec(got);
      if (!request) return void socket.destroy();
      socket.setTimeout(0);
      socket.removeAllListeners("data");
      let key: BackupKey;
      try {
        if (!request[1]) throw new BackupKeyError("the request holds no backup key");
        key = parseBackupKey(request[1], "the key sent with the request");
      } catch (e) {
        return void socket.end(`ERR ${e instanceof Error ? e.message : String(e)}\n`);
      }
      if (busy) return void socket.end("ERR a backup is already being written\n");
      busy = true;
      socket.write("OK\n");
      writeBackup(socket as Writable, key)
        .catch((e) => {
          onError(e);
          socket.destroy();
        })
        .finally(() => (busy = false));
    });
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(file, () => resolve());
  });
  fs.chmodSync(file, 0o600);
  server.unref();
  return () => {
    server.close();
    fs.rmSync(file, { force: true });
  };
}

/**
 * Asks the server running on `dataDir` for a backup encrypted with `key` and writes it to `out`. False
 * when no server listens there (the caller then opens the store itself).
 */
export async function backupThroughServer(dataDir: string, out: Writable, key: BackupKey): Promise<boolean> {
  const file = backupSocketPath(dataDir);
  const socket = await new Promise<net.Socket | null>((resolve, reject) => {
    const s = net.connect(file);
    s.once("connect", () => resolve(s));
    s.once("error", (e: NodeJS.ErrnoException) => (e.code === "ENOENT" || e.code === "ECONNREFUSED" ? resolve(null) : reject(e)));
  });
  if (!socket) return false;
  socket.write(`backup ${Buffer.from(key.bytes).toString("base64")}\n`);
  // The answer's first line: OK, or ERR and why.
  const first = await new Promise<{ line: string; rest: Buffer }>((resolve, reject) => {
    let buf = Buffer.alloc(0);
    const onData = (d: Buffer) => {
      buf = Buffer.concat([buf, d]);
      const nl = buf.indexOf(10);
      if (nl < 0) return;
      socket.off("data", onData);
      socket.pause();
      resolve({ line: buf.subarray(0, nl).toString("utf8"), rest: buf.subarray(nl + 1) });
    };
    socket.on("data", onData);
    socket.once("error", reject);
    socket.once("end", () => reject(new Error("the server closed the connection without an answer")));
  });
  if (first.line !== "OK") {
    socket.destroy();
    throw new Error(`the server refused: ${first.line.replace(/^ERR /, "")}`);
  }
  if (first.rest.length) out.write(first.rest);
  await pipeline(socket, out);
  return true;
}
