import { ping } from "@/lib/server/db";
import { envelope, json } from "@/lib/server/http/envelope";

// GET /api/health – the server is up and its database answers (public)
export async function GET() {
  try {
    await ping();
    return json(envelope(200, "OK", { status: "ok" }), 200);
  } catch {
    return json(envelope(503, "Database unavailable", null), 503);
  }
}
