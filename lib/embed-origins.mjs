// EMBED_ALLOWED_ORIGINS, parsed in one place for the two that need it: scripts/server.mjs (plain Node:
// the signing page's frame-ancestors, and the refusal to start on a bad value) and lib/server/config.ts
// (the list the embedded signing page is given, to pick the parent it may post to). Plain JavaScript
// with no imports, so that both can load it.

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * The exact origins that may frame the embedded signing page: comma-separated `scheme://host[:port]`,
 * written as the browser serializes an origin (lower-case host, no default port, no path, no slash at
 * the end). https only, except for loopback hosts (tests and local development). No wildcards: every
 * origin is a site the operator trusts with their signers' clicks.
 * @param {string | undefined | null} raw
 * @returns {string[]}
 */
export function parseEmbedOrigins(raw) {
  const out = [];
  for (const part of String(raw ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    let url;
    try {
      url = new URL(part);
    } catch {
      throw new Error(
        `EMBED_ALLOWED_ORIGINS: "${part}" is not an origin; write each as scheme://host[:port], e.g. https://app.example.com`,
      );
    }
    if (url.protocol !== "https:" && url.protocol !== "http:") {
      throw new Error(`EMBED_ALLOWED_ORIGINS: "${part}" is not an http(s) origin`);
    }
    if (url.protocol === "http:" && !LOOPBACK.has(url.hostname)) {
      throw new Error(`EMBED_ALLOWED_ORIGINS: "${part}" must use https (plain http is allowed for localhost and 127.0.0.1 only)`);
    }
    if (part.includes("*")) throw new Error(`EMBED_ALLOWED_ORIGINS: "${part}": wildcards are not allowed; list each origin`);
    if (url.origin !== part) {
      throw new Error(
        `EMBED_ALLOWED_ORIGINS: "${part}" is not an exact origin; write it as ${url.origin} (no path, user, query or trailing slash; lower-case host; no default port)`,
      );
    }
    if (!out.includes(url.origin)) out.push(url.origin);
  }
  return out;
}

/** A path the embedded signing page answers (its token-shaped last segment), the only page some other origin may frame. */
export const isEmbedSigningPath = (path) => /^\/sign\/embed\/[A-Za-z0-9_-]{20,100}$/.test(path);
