// npm start: the built server (scripts/server.mjs) with its memory settings (scripts/lib/server-command.mjs).
import path from "node:path";
import { runServer, serverHeapMb } from "./lib/server-command.mjs";

try {
  serverHeapMb();
} catch (e) {
  console.error(`[signet] ${e instanceof Error ? e.message : e}`);
  process.exit(1);
}
await runServer(path.resolve(import.meta.dirname, ".."));
