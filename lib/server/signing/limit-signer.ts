import "server-only";
import { config } from "../config";
import { AppError } from "../http/errors";
import { rateHeaders, takeNamedToken, type RateDecision } from "../limits/rate-limit";
import { hashToken } from "./tokens";

/**
 * The signer's endpoints have no key to charge: they are limited per signing link and per client
 * address (every link together), in the database so that every instance shares the buckets. The
 * link's bucket is named by the token's SHA-256, never by the token. Called before the token is
 * looked up, so unknown links are charged as well.
 */
export async function limitSigner(token: string, ip: string | null): Promise<void> {
  const byIp = await takeNamedToken(`sign-ip:${ip ?? "unknown"}`, config.signRateLimitPerIp);
  const byToken = await takeNamedToken(`sign-token:${hashToken(token)}`, config.signRateLimitPerToken);
  const refused = [byIp, byToken].filter((d) => !d.allowed);
  if (!refused.length) return;
  // The bucket that frees up last decides when to come back.
  const worst = refused.reduce((a: RateDecision, b) => (b.resetSeconds > a.resetSeconds ? b : a));
  throw new AppError(
    "RATE_LIMITED",
    `Too many requests ${worst === byToken ? "for this signing link" : "from your address"}: at most ${worst.limit} a minute; retry in ${worst.resetSeconds} s`,
    { headers: rateHeaders(worst) },
  );
}
