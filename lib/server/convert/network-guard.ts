import "server-only";
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { findExecutable } from "./find-tools";

/**
 * LibreOffice follows what a document points at (a linked picture is fetched while the document
 * loads), and a template is written by a client: LibreOffice must not reach the network. Two
 * guards, besides the stripping of external references the engine does before conversion:
 *
 * 1. Its own network namespace (`unshare --net`), with no interface but a loopback that is down:
 *    nothing, the server's own ports and the cloud's metadata address included, can be reached.
 *    As root that needs nothing more; another user maps itself into a user namespace of its own
 *    (`--map-current-user`, where the kernel allows it). Its named pipe, the UNO bridge's line to
 *    it, is a socket file in /tmp: a file, reached through the file system, from any namespace.
 * 2. Its profile: links from untrusted documents blocked (BlockUntrustedRefererLinks: every
 *    document is untrusted, no trusted location being set; this alone stops the linked picture
 *    of LibreOffice 7.4), links never updated on load, and HTTP, HTTPS and FTP sent to a proxy
 *    where nothing listens (the discard port of 127.0.0.1). Always written; the only guard where
 *    no namespace can be made (a container that forbids unshare), which the log then says.
 */
export type NetworkIsolation = { kind: "netns"; prefix: string[] } | { kind: "none"; prefix: []; reason: string };

/** `unshare`: SIGNET_UNSHARE, else on the PATH (or in /usr/bin, /bin); null when there is none. */
const findUnshare = (explicit = process.env.SIGNET_UNSHARE) => findExecutable("unshare", explicit, ["/usr/bin", "/bin"]);

const works = (prefix: string[]) =>
  new Promise<boolean>((resolve) => {
    const [program, args] = isolated(prefix, "true", []);
    execFile(program, args, { timeout: 10_000 }, (err) => resolve(!err));
  });

/** A command run through an isolation prefix (which may be empty): the program to start, and its arguments. */
export function isolated(prefix: string[], program: string, args: string[]): [string, string[]] {
  const [first, ...rest] = prefix;
  return first === undefined ? [program, args] : [first, [...rest, program, ...args]];
}

const probes = new Map<string, Promise<NetworkIsolation>>();

/**
 * How LibreOffice can be kept off the network here, found once per `unshare` path: the command
 * prefix that puts it in a network namespace of its own, or none (and why).
 * `unshare` null: no namespace is tried (the profile is then the only guard).
 */
export function findNetworkIsolation(unshare: string | null | undefined = undefined): Promise<NetworkIsolation> {
  const bin = unshare === undefined ? findUnshare() : unshare;
  const key = bin ?? "";
  let probe = probes.get(key);
  if (!probe) {
    probe = (async (): Promise<NetworkIsolation> => {
      if (!bin) return { kind: "none", prefix: [], reason: "unshare (util-linux) was not found" };
      const candidates =
        process.getuid?.() === 0
          ? [
              [bin, "--net"],
              [bin, "--map-current-user", "--net"],
            ]
          : [[bin, "--map-current-user", "--net"]];
      for (const prefix of candidates) if (await works(prefix)) return { kind: "netns", prefix };
      return {
        kind: "none",
        prefix: [],
        reason: `${bin} --net is not permitted here (no CAP_SYS_ADMIN, and no user namespaces)`,
      };
    })();
    probes.set(key, probe);
  }
  return probe;
}

const PROXY_HOST = "127.0.0.1";
const PROXY_PORT = 9; // discard: nothing listens there, so every request through the proxy fails at once

/** registrymodifications.xcu of a converter's profile: the settings in the comment above. */
const REGISTRY = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
${[
  ["org.openoffice.Office.Common/Security/Scripting", "BlockUntrustedRefererLinks", "true"],
  ["org.openoffice.Office.Writer/Content/Update", "Link", "0"], // never update links when loading
  ["org.openoffice.Inet/Settings", "ooInetProxyType", "1"],
  ["org.openoffice.Inet/Settings", "ooInetNoProxy", ""],
  ...["HTTP", "HTTPS", "FTP"].flatMap((p) => [
    ["org.openoffice.Inet/Settings", `ooInet${p}ProxyName`, PROXY_HOST],
    ["org.openoffice.Inet/Settings", `ooInet${p}ProxyPort`, String(PROXY_PORT)],
  ]),
]
  .map(
    ([item, prop, value]) =>
      `<item oor:path="/${item}"><prop oor:name="${prop}" oor:op="fuse"><value>${value}</value></prop></item>`,
  )
  .join("\n")}
</oor:items>
`;

/**
 * Writes the settings into a new LibreOffice profile, before LibreOffice first starts with it.
 * LibreOffice keeps them when it writes the file back; a profile it has used is left as it is.
 */
export function writeNetworkSafeProfile(profileDir: string) {
  const file = path.join(profileDir, "user", "registrymodifications.xcu");
  if (fs.existsSync(file)) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, REGISTRY);
}

/** Proxy variables for the LibreOffice process: the same dead end, for anything that reads them. */
export function networkSafeEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const out = { ...env };
  for (const k of Object.keys(out)) if (/^(no_proxy|http_proxy|https_proxy|ftp_proxy|all_proxy)$/i.test(k)) delete out[k];
  const proxy = `http://${PROXY_HOST}:${PROXY_PORT}`;
  return { ...out, http_proxy: proxy, https_proxy: proxy, ftp_proxy: proxy, all_proxy: proxy };
}
