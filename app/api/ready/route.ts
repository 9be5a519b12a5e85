import { checkReady } from "@/lib/server/health/check-ready";
import { envelope, json } from "@/lib/server/http/envelope";

// GET /api/ready – readiness: the database, the blob store, the queue worker and the engine pool each answer (public)
export async function GET() {
  const { ready, checks } = await checkReady();
  return ready
    ? json(envelope(200, "Ready", { status: "ready", checks }), 200)
    : json(envelope(503, "Not ready", { status: "not ready", checks }, { errorCode: "NOT_READY" }), 503);
}
