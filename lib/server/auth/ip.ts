import "server-only";
import ipaddr from "ipaddr.js";

/** Parses an address, turning IPv4-mapped IPv6 (::ffff:1.2.3.4) into IPv4 so rules match either way. */
function parseAddr(s: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  try {
    const a = ipaddr.parse(s.trim());
    return a.kind() === "ipv6" && (a as ipaddr.IPv6).isIPv4MappedAddress() ? (a as ipaddr.IPv6).toIPv4Address() : a;
  } catch {
    return null;
  }
}

export function ipAllowed(ip: string | null, rules: string[]): boolean {
  if (rules.length === 0) return true;
  if (!ip) return false;
  const addr = parseAddr(ip);
  if (!addr) return false;
  return rules.some((rule) => {
    if (rule.includes("/")) {
      const [range, bits] = ipaddr.parseCIDR(rule);
      const r = range.kind() === "ipv6" && (range as ipaddr.IPv6).isIPv4MappedAddress() ? null : range;
      if (!r || r.kind() !== addr.kind()) return false;
      return addr.match([r, bits] as [typeof addr, number]);
    }
    const r = parseAddr(rule);
    return !!r && r.kind() === addr.kind() && r.toNormalizedString() === addr.toNormalizedString();
  });
}

/**
 * The caller's address. scripts/server.mjs writes the socket's address into x-signet-client-ip with a
 * per-process token, replacing anything the client sent; X-Forwarded-For counts only with TRUST_PROXY=1,
 * and then its last entry (the one our own proxy appended).
 */
export function clientIp(headers: Headers, trustProxy: boolean): string | null {
  if (trustProxy) {
    const xff = headers.get("x-forwarded-for");
    if (xff) {
      const parts = xff
        .split(",")
        .map((p) => p.trim())
        .filter(Boolean);
      const last = parts.at(-1);
      if (last) return last;
    }
  }
  const token = process.env.SIGNET_CLIENT_IP_TOKEN;
  if (token && headers.get("x-signet-client-ip-token") === token) return headers.get("x-signet-client-ip");
  return null;
}
