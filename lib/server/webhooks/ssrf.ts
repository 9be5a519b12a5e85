import "server-only";
import dns from "node:dns";
import type { LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";

export const allowPrivateTargets = () => process.env.WEBHOOK_ALLOW_PRIVATE === "1";

/** IPv6 prefixes that carry an IPv4 address (or are not routable) but that ipaddr.js calls unicast. */
const EMBEDDING_V6 = [
  ipaddr.parseCIDR("::/96"), // IPv4-compatible, ::a.b.c.d (deprecated; some stacks still route it to a.b.c.d)
  ipaddr.parseCIDR("64:ff9b:1::/48"), // local-use NAT64 (RFC 8215)
  ipaddr.parseCIDR("100::/64"), // discard-only
] as [ipaddr.IPv6, number][];

/**
 * Only global unicast addresses are webhook targets: no loopback, private, link-local, metadata,
 * and no IPv6 spelling of an IPv4 address (mapped in any notation, IPv4-compatible, NAT64, 6to4,
 * Teredo), whatever IPv4 address it carries.
 */
export function isPublicAddress(address: string): boolean {
  let a: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    a = ipaddr.parse(address.replace(/^\[|\]$/g, "").replace(/%.*$/, ""));
  } catch {
    return false;
  }
  if (a.kind() === "ipv4") return a.range() === "unicast";
  const v6 = a as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return false;
  if (EMBEDDING_V6.some((cidr) => v6.match(cidr))) return false;
  // ipaddr.js names the rest: rfc6052 (NAT64 64:ff9b::/96), 6to4 (2002::/16), teredo, rfc6145, uniqueLocal, ...
  return v6.range() === "unicast";
}

export class BlockedTargetError extends Error {}

/**
 * A dns.lookup for http(s).request that refuses non-public addresses. The check happens on the
 * address actually connected to, so a name that resolves differently the second time (DNS
 * rebinding) gains nothing.
 */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, "", 0);
    const list = addresses as dns.LookupAddress[];
    const bad = list.find((a) => !isPublicAddress(a.address));
    if (!allowPrivateTargets() && bad) {
      return callback(new BlockedTargetError(`${hostname} resolves to ${bad.address}, which is not a public address`), "", 0);
    }
    if ((options as dns.LookupOptions).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    const [first] = list;
    if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), "", 0);
    callback(null, first.address, first.family);
  });
};

/** A quick check at creation time for what is visibly private (an IP literal or localhost). */
export function obviouslyPrivate(url: URL): string | null {
  if (allowPrivateTargets()) return null;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (host === "localhost" || host.endsWith(".localhost")) return `${host} is not a public host`;
  if (ipaddr.isValid(host) && !isPublicAddress(host)) return `${host} is not a public address`;
  return null;
}
