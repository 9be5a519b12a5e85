import { openApiDocument } from "@/lib/server/http/openapi";
import { config } from "@/lib/server/config";
import { json } from "@/lib/server/http/envelope";

// GET /api/v1/openapi.json – the API description, generated from the routes' zod schemas (public)
export async function GET() {
  return json(openApiDocument(config.publicBaseUrl), 200, { "cache-control": "public, max-age=60" });
}
