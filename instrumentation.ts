// Runs once when the server starts: open and migrate the store, make sure the first organization,
// keys and staff login exist, and start the job worker. Never during `next build`.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  const { startServer } = await import("./lib/server/start");
  await startServer();
}
