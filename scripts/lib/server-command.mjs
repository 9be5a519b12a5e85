// How the server process is started, in one place (npm start, npm run up, the tests, the benchmarks
// and the e2e suite all use it). The memory settings must be given when the process starts: Node reads
// V8's heap flags and glibc reads MALLOC_ARENA_MAX only then.
//
// Measured with `npm run bench` (docs/benchmarks.md): without them the server's peak RSS after
// 10,000 mixed requests was 712 MB, most of it V8 growing the main heap lazily towards its default limit
// (about 2 GB here) and one 64 MB malloc arena per thread; with them it stays under 400 MB.
//   --max-old-space-size  the main thread's heap limit (SIGNET_HEAP_MB, default 160). The main thread
//                         holds no document bytes on its heap (uploads and blobs are Buffers, outside
//                         it; PDF work runs in the engine's threads, each with its own ENGINE_MEMORY_MB).
//   --max-semi-space-size the young generation's half-spaces: 4 MB instead of up to 16 MB, on the embedded
//                         store, where the database shares the process's memory. With a PostgreSQL server
//                         (DATABASE_URL), whose instances hold no database, 16 MB: short-lived objects then
//                         mostly die before a collection, and reading one request at 20 connections went
//                         from about 0.8 to 0.9 of /api/health's rate (docs/benchmarks.md, "Throughput").
//   MALLOC_ARENA_MAX=2    two malloc arenas instead of one per thread.
//   MALLOC_TRIM_THRESHOLD_=131072  freed memory at an arena's top goes back to the system from 128 KB (a fixed
//                         threshold: glibc's own grows it with the largest block freed, up to 32 MB).
//   --liftoff-only        the embedded database (PGlite, Postgres in WebAssembly: the only WebAssembly in the
//                         process) stays in V8's baseline compiler. Optimising its hot functions with TurboFan
//                         left 80 MB of malloc'd memory behind (two arenas of 54 and 46 MB at rest, 17 MB
//                         without), for little speed: reads at 20 connections alike, the 10,000 mixed requests
//                         at 1.00 and 1.07 of the optimised time with both servers taking turns
//                         (docs/benchmarks.md, "Memory"; docs/architecture.md has the other runs).
//                         SIGNET_WASM_TURBOFAN=1 leaves it out (the benchmark's comparison).
export function serverHeapMb(env = process.env) {
  const raw = (env.SIGNET_HEAP_MB ?? "").trim();
  if (raw === "") return 160;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 96 || n > 65536) {
    throw new Error(`SIGNET_HEAP_MB must be a whole number of megabytes from 96 to 65536, got "${raw}"`);
  }
  return n;
}

/** The node arguments that start the server: its memory flags, then scripts/server.mjs. */
export function serverArgs(env = process.env) {
  const wasm = env.SIGNET_WASM_TURBOFAN === "1" ? [] : ["--liftoff-only"];
  const semiSpace = /^postgres(ql)?:\/\//.test((env.DATABASE_URL ?? "").trim()) ? 16 : 4;
  return [`--max-old-space-size=${serverHeapMb(env)}`, `--max-semi-space-size=${semiSpace}`, ...wasm, "scripts/server.mjs"];
}

/** The server's environment: the caller's, with the malloc settings unless the caller chose its own. */
export function serverEnv(env = process.env) {
  return { NEXT_TELEMETRY_DISABLED: "1", MALLOC_ARENA_MAX: "2", MALLOC_TRIM_THRESHOLD_: "131072", ...env };
}

/**
 * Starts the server as a child of this process with its settings, passes SIGINT/SIGTERM on, and
 * exits with its code (npm start, npm run up). `readable`: the JSON log lines shown for a person (npm run up).
 */
export async function runServer(root, { readable = false } = {}) {
  const { spawn } = await import("node:child_process");
  const pretty = readable && process.env.LOG_FORMAT !== "json";
  const child = spawn(process.execPath, serverArgs(), {
    cwd: root,
    stdio: ["inherit", pretty ? "pipe" : "inherit", "inherit"],
    env: serverEnv(),
  });
  if (pretty) (await import("./readable-logs.mjs")).showReadable(child.stdout);
  for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
