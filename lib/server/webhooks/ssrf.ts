import "server-only";
import dns from "node:dns";
import type { LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";

export const allowPrivateTargets = () => process.env.WEBHOOK_ALLOW_PRIVATE === "1";

/** Only global unicast addresses are webhook targets: no loopback, private, link-local, metadata, mapped, ... */
export function isPublicAddress(address: string): boolean {
  let a: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    a = ipaddr.parse(address);
  } catch {
    return false;
  }
  if (a.kind() === "ipv6") {
    const v6 = a as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) return isPublicAddress(v6.toIPv4Address().toString());
  }
  return a.range() === "unicast";
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
    callback(null, list[0].address, list[0].family);
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
