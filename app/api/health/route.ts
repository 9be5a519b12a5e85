import { checkHealth } from "@/lib/server/health/check-health";
import { envelope, json } from "@/lib/server/http/envelope";

// GET /api/health – the server is up and its database answers (public)
export async function GET() {
  try {
    await checkHealth();
    return json(envelope(200, "OK", { status: "ok" }), 200);
  } catch {
    return json(envelope(503, "Database unavailable", null, { errorCode: "DATABASE_UNAVAILABLE" }), 503);
  }
}
