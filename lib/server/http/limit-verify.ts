import "server-only";
import { clientIp } from "../auth/ip";
import { config } from "../config";
import { AppError } from "../errors";
import { errorResponse, type Handler } from "./route";
import { rateHeaders, takeNamedToken } from "../limits/rate-limit";

/** Verifications a minute from one client address (VERIFY_RATE_LIMIT_IP, default 20). */
function verifyRateLimit(): number {
  const raw = Number(process.env.VERIFY_RATE_LIMIT_IP || 20);
  return Number.isFinite(raw) && raw > 0 ? raw : 20;
}

/**
 * The verify endpoint has no key to charge: it is limited per client address, in the database (one
 * bucket for every instance), and before the body is read, so a flood of uploads costs a row update
 * each rather than a parse.
 */
export function limitedPerAddress(handler: Handler): Handler {
  return async (req, ctx) => {
    const decision = await takeNamedToken(
      `verify-ip:${clientIp(req.headers, config.trustProxy) ?? "unknown"}`,
      verifyRateLimit(),
    );
    const headers = rateHeaders(decision);
    if (!decision.allowed) {
      await req.body?.cancel().catch(() => {});
      return errorResponse(
        new AppError(
          "RATE_LIMITED",
          `Too many verifications from your address: at most ${decision.limit} a minute; retry in ${decision.resetSeconds} s`,
          { headers },
        ),
      );
    }
    const res = await handler(req, ctx);
    for (const [k, v] of Object.entries(headers)) res.headers.set(k, v);
    return res;
  };
}
