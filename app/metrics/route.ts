import crypto from "node:crypto";
import { config } from "@/lib/server/config";
import { AppError } from "@/lib/server/errors";
import { errorResponse } from "@/lib/server/http/route";
import { metrics } from "@/lib/server/metrics/registry";

export const dynamic = "force-dynamic";

const same = (a: string, b: string) => {
  const x = crypto.createHash("sha256").update(a).digest();
  const y = crypto.createHash("sha256").update(b).digest();
  return crypto.timingSafeEqual(x, y);
};

/** A call that came through METRICS_PORT's listener (scripts/server.mjs), which alone sets this header. */
function viaMetricsPort(req: Request): boolean {
  const expected = process.env.SIGNET_METRICS_PORT_TOKEN;
  const given = req.headers.get("x-signet-metrics-port");
  return !!expected && !!given && same(given, expected);
}

// GET /metrics – Prometheus text format: on METRICS_PORT as it is; on the main port for a scraper
// holding METRICS_TOKEN (Authorization: Bearer …)
export async function GET(req: Request) {
  if (viaMetricsPort(req)) return scrape();
  const token = config.metricsToken;
  if (!token)
    return errorResponse(
      new AppError(
        "ENDPOINT_NOT_FOUND",
        process.env.METRICS_PORT
          ? "Metrics are served on METRICS_PORT (or here with METRICS_TOKEN)"
          : "Metrics are off: set METRICS_TOKEN (or METRICS_PORT) to scrape GET /metrics",
      ),
    );
  const given = /^Bearer\s+(.+)$/i.exec(req.headers.get("authorization") ?? "")?.[1]?.trim() ?? "";
  if (!given || !same(given, token))
    return errorResponse(new AppError("METRICS_TOKEN_INVALID", "GET /metrics needs Authorization: Bearer <METRICS_TOKEN>"), {
      "www-authenticate": 'Bearer realm="signet-metrics"',
    });
  return scrape();
}

async function scrape(): Promise<Response> {
  const { registry } = metrics();
  return new Response(await registry.metrics(), {
    headers: { "content-type": registry.contentType, "cache-control": "no-store" },
  });
}
