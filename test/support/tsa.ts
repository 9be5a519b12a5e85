/**
 * A real RFC 3161 timestamp authority on loopback for the sealing tests: OpenSSL's `openssl ts
 * -reply` behind a small node:http handler, with a CA and a TSA certificate (extendedKeyUsage
 * critical timeStamping) made here with openssl in a temporary directory.
 *
 * `mode` changes how the next requests are answered, so a test can make the authority fail.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { certificatesFromPem, newNonce, readTimestampResponse, timestampRequest } from "../../lib/pdf/seal/tsp";
import { group } from "./expect-helpers";

const run = promisify(execFile);

export type TsaMode = "ok" | "http-error" | "garbage" | "wrong-content-type" | "replay";

export interface TestTsa {
  url: string;
  /** PEM of the CA that issued the TSA's certificate (for TSA_CA_FILE and `openssl ts -verify -CAfile`). */
  caFile: string;
  /** The TSA's own certificate (PEM file), for `-untrusted`. */
  tsaCertFile: string;
  dir: string;
  /** How requests are answered; `plan`'s modes first, one per request, then `mode`. */
  mode: TsaMode;
  plan: TsaMode[];
  /** Requests answered so far (any mode, any path), and the Authorization headers the timestamp requests carried. */
  requests: number;
  /** OCSP requests answered (they count in `requests` too). */
  ocspRequests: number;
  authorizations: (string | undefined)[];
  close(): Promise<void>;
}

const CONFIG = (dir: string, revocation = "") => `
[ req ]
distinguished_name = dn
prompt = no
[ dn ]
CN = unused
[ ca_ext ]
basicConstraints = critical, CA:true
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
[ tsa_ext ]
${revocation}
basicConstraints = critical, CA:false
keyUsage = critical, digitalSignature, nonRepudiation
extendedKeyUsage = critical, timeStamping
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
[ ca ]
default_ca = ca_config
[ ca_config ]
dir = ${dir}
database = $dir/index.txt
crlnumber = $dir/crlnumber
default_md = sha256
default_crl_days = 7
[ tsa ]
default_tsa = tsa_config
[ tsa_config ]
dir = ${dir}
serial = $dir/serial
crypto_device = builtin
signer_cert = $dir/tsa.pem
certs = $dir/ca.pem
signer_key = $dir/tsa.key
signer_digest = sha256
default_policy = 1.3.6.1.4.1.99999.1
digests = sha256, sha384, sha512
accuracy = secs:1
ordering = yes
tsa_name = yes
ess_cert_id_chain = no
ess_cert_id_alg = sha256
`;

async function openssl(dir: string, args: string[]) {
  await run("openssl", args, { cwd: dir });
}

/**
 * Makes the CA and the TSA certificate, and starts the authority on 127.0.0.1. With `revocation`,
 * the TSA's certificate names this server as its OCSP responder (authorityInfoAccess, answered by
 * `openssl ocsp`) or its CRL distribution point (a CRL made by `openssl ca -gencrl`). `name` is the
 * TSA's common name, `organization` both certificates' (default "Signet Tests"), `caName` the CA's
 * common name (default "Signet Test Root CA": two authorities made here share it, not a key).
 */
export async function startTestTsa(
  opts: { name?: string; organization?: string; caName?: string; revocation?: "ocsp" | "crl" } = {},
): Promise<TestTsa> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-tsa-"));
  const cfg = path.join(dir, "openssl.cnf");
  fs.writeFileSync(path.join(dir, "serial"), "01\n");
  fs.writeFileSync(path.join(dir, "index.txt"), "");
  fs.writeFileSync(path.join(dir, "crlnumber"), "01\n");

  let chain = Promise.resolve(); // openssl writes its serial file: one request at a time
  let last: Buffer | undefined;
  const answer = (res: http.ServerResponse, type: string, make: (n: number) => Promise<Buffer>) => {
    chain = chain.then(async () => {
      try {
        res.writeHead(200, { "content-type": type }).end(await make(tsa.requests));
      } catch (e) {
        res.writeHead(500).end(String(e));
      }
    });
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      tsa.requests++;
      const mode = tsa.plan.shift() ?? tsa.mode;
      if (mode === "http-error") return void res.writeHead(503, { "content-type": "text/plain" }).end("down for maintenance");
      if (req.url === "/ca.crl")
        return answer(res, "application/pkix-crl", async () => fs.readFileSync(path.join(dir, "ca.crl")));
      if (req.url === "/ocsp") {
        tsa.ocspRequests++;
        return answer(res, "application/ocsp-response", async (n) => {
          fs.writeFileSync(path.join(dir, `o${n}.req`), Buffer.concat(chunks));
          await openssl(dir, [
            "ocsp",
            "-index",
            "index.txt",
            "-rsigner",
            "ca.pem",
            "-rkey",
            "ca.key",
            "-CA",
            "ca.pem",
            "-reqin",
            `o${n}.req`,
            "-respout",
            `o${n}.resp`,
            "-ndays",
            "1",
          ]);
          return fs.readFileSync(path.join(dir, `o${n}.resp`));
        });
      }
      tsa.authorizations.push(req.headers.authorization);
      if (mode === "garbage")
        return void res
          .writeHead(200, { "content-type": "application/timestamp-reply" })
          .end(Buffer.from("this is not a TimeStampResp"));
      if (mode === "replay" && last) return void res.writeHead(200, { "content-type": "application/timestamp-reply" }).end(last);
      answer(res, mode === "wrong-content-type" ? "text/html" : "application/timestamp-reply", async (n) => {
        fs.writeFileSync(path.join(dir, `q${n}.tsq`), Buffer.concat(chunks));
        await openssl(dir, ["ts", "-reply", "-config", cfg, "-queryfile", `q${n}.tsq`, "-out", `r${n}.tsr`]);
        last = fs.readFileSync(path.join(dir, `r${n}.tsr`));
        return last;
      });
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const revocation = {
    ocsp: `authorityInfoAccess = OCSP;URI:${base}/ocsp`,
    crl: `crlDistributionPoints = URI:${base}/ca.crl`,
    none: "",
  }[opts.revocation ?? "none"];
  fs.writeFileSync(cfg, CONFIG(dir, revocation));
  const name = opts.name ?? "Signet Test TSA";
  const org = opts.organization ?? "Signet Tests";
  await openssl(dir, [
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-keyout",
    "ca.key",
    "-out",
    "ca.pem",
    "-days",
    "3650",
    "-subj",
    `/CN=${opts.caName ?? "Signet Test Root CA"}/O=${org}`,
    "-config",
    cfg,
    "-extensions",
    "ca_ext",
  ]);
  await openssl(dir, [
    "req",
    "-new",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-keyout",
    "tsa.key",
    "-out",
    "tsa.csr",
    "-subj",
    `/CN=${name}/O=${org}`,
    "-config",
    cfg,
  ]);
  await openssl(dir, [
    "x509",
    "-req",
    "-in",
    "tsa.csr",
    "-CA",
    "ca.pem",
    "-CAkey",
    "ca.key",
    "-set_serial",
    "0x1000",
    "-out",
    "tsa.pem",
    "-days",
    "3650",
    "-extfile",
    cfg,
    "-extensions",
    "tsa_ext",
  ]);
  // The CA's database knows the TSA's certificate as valid: OCSP says "good", the CRL lists nothing.
  const enddate = (await run("openssl", ["x509", "-in", path.join(dir, "tsa.pem"), "-noout", "-enddate"])).stdout;
  const expiry = group(/=(.*)/.exec(enddate), 1, "openssl -enddate").trim();
  const yymmdd = new Date(expiry).toISOString().replace(/[-:T]/g, "").slice(2, 14) + "Z";
  fs.writeFileSync(path.join(dir, "index.txt"), `V\t${yymmdd}\t\t1000\tunknown\t/CN=${name}/O=${org}\n`);
  await openssl(dir, ["ca", "-gencrl", "-config", cfg, "-keyfile", "ca.key", "-cert", "ca.pem", "-out", "ca.crl.pem"]);
  await openssl(dir, ["crl", "-in", "ca.crl.pem", "-outform", "DER", "-out", "ca.crl"]);

  const tsa: TestTsa = {
    url: `${base}/tsa`,
    caFile: path.join(dir, "ca.pem"),
    tsaCertFile: path.join(dir, "tsa.pem"),
    dir,
    mode: "ok",
    plan: [],
    requests: 0,
    ocspRequests: 0,
    authorizations: [],
    close: async () => {
      await new Promise<void>((r) => server.close(() => r()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  return tsa;
}

/** `openssl ts -verify` of a token (DER ContentInfo) against a SHA-256 digest; returns its output (throws on failure). */
export async function verifyToken(tsa: TestTsa, token: Uint8Array, digest: Uint8Array): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-tsv-"));
  try {
    const file = path.join(dir, "token.der");
    fs.writeFileSync(file, token);
    const r = await run("openssl", [
      "ts",
      "-verify",
      "-token_in",
      "-in",
      file,
      "-digest",
      Buffer.from(digest).toString("hex"),
      "-CAfile",
      tsa.caFile,
      "-untrusted",
      tsa.tsaCertFile,
    ]);
    return `${r.stdout}${r.stderr}`;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The authority's raw answer (a TimeStampResp, unchecked) to a request over `digest` with `nonceHex`. */
export async function askTsa(tsa: TestTsa, digest: Uint8Array, nonceHex: string): Promise<Uint8Array> {
  const res = await fetch(tsa.url, {
    method: "POST",
    body: timestampRequest(digest, nonceHex),
    headers: { "content-type": "application/timestamp-query" },
  });
  return new Uint8Array(await res.arrayBuffer());
}

/** A token over `digest` from the test authority, checked as the server checks it (the test plays the server). */
export async function stampDigest(tsa: TestTsa, digest: Uint8Array) {
  const nonceHex = newNonce();
  return readTimestampResponse(await askTsa(tsa, digest, nonceHex), {
    digest,
    nonceHex,
    trusted: certificatesFromPem(fs.readFileSync(tsa.caFile, "utf8")),
  });
}

/** `qpdf --json` of a PDF, parsed (qpdf 11: `qpdf` key holds [header, objects]). */
export async function qpdfJson(
  pdf: Uint8Array,
): Promise<{ qpdf: [unknown, Record<string, { value?: unknown; stream?: { dict: Record<string, unknown> } }>] }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-qpdf-"));
  try {
    const file = path.join(dir, "in.pdf");
    fs.writeFileSync(file, pdf);
    const r = await run("qpdf", ["--json", "--json-key=qpdf", "--decode-level=all", "--json-stream-data=inline", file], {
      maxBuffer: 256 * 1024 * 1024,
    });
    return JSON.parse(r.stdout);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
