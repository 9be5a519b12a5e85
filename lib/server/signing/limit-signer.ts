import "server-only";
import { config } from "../config";
import { AppError } from "../errors";
import { rateHeaders, takeNamedToken } from "../limits/rate-limit";
import { hashToken } from "../tokens";

/**
 * The signer's endpoints have no key to charge: they are limited per signing link and per client
 * address (every link together), in the database so that every instance shares the buckets. The
 * link's bucket is named by the token's SHA-256, never by the token. Called before the token is
 * looked up, so unknown links are charged as well.
 */
export async function limitSigner(token: string, ip: string | null): Promise<void> {
  await limit([
    { bucket: `sign-ip:${ip ?? "unknown"}`, perMinute: config.signRateLimitPerIp },
    { bucket: `sign-token:${hashToken(token)}`, perMinute: config.signRateLimitPerToken, link: true },
  ]);
}

/** The page images and texts: their own buckets (many calls per page view), per link and per address. */
export async function limitSignerPages(token: string, ip: string | null): Promise<void> {
  await limit([
    { bucket: `sign-page-ip:${ip ?? "unknown"}`, perMinute: config.signPageRateLimitPerIp },
    { bucket: `sign-page-token:${hashToken(token)}`, perMinute: config.signPageRateLimitPerToken, link: true },
  ]);
}

/** Drawing a page that is not kept yet (what costs the engine a run): per link. */
export async function limitSignerRenders(token: string): Promise<void> {
  await limit([{ bucket: `sign-render:${hashToken(token)}`, perMinute: config.signRenderRateLimitPerToken, link: true }]);
}

async function limit(buckets: { bucket: string; perMinute: number; link?: boolean }[]): Promise<void> {
  const decided = [];
  for (const b of buckets) decided.push({ ...b, d: await takeNamedToken(b.bucket, b.perMinute) });
  const refused = decided.filter((x) => !x.d.allowed);
  if (!refused.length) return;
  // The bucket that frees up last decides when to come back.
  const worst = refused.reduce((a, b) => (b.d.resetSeconds > a.d.resetSeconds ? b : a));
  throw new AppError(
    "RATE_LIMITED",
    `Too many requests ${worst.link ? "for this signing link" : "from your address"}: at most ${worst.d.limit} a minute; retry in ${worst.d.resetSeconds} s`,
    { headers: rateHeaders(worst.d) },
  );
}
