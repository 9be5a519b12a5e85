import { z } from "zod";
import { zFile } from "./common";

/** POST /api/v1/verify: the PDF to check. */
export const zVerifyBody = z.object({ file: zFile });

const zPadesLevel = z.enum(["B-B", "B-T", "B-LT", "B-LTA"]);

export const zTimestamp = z.object({
  genTime: z.string().describe("The time-stamp's time (TSTInfo genTime, ISO 8601)"),
  tsa: z
    .string()
    .nullable()
    .describe("The subject of the certificate that signed the token (a name, not a credential: see `trusted`)"),
  verified: z.boolean().describe("The token's signature verifies and it imprints what it stamps"),
  trusted: z
    .boolean()
    .describe(
      "Verified, and the authority's certificate chains to a certificate this service trusts (TSA_CA_FILE, the sealing " +
        "certificate, TRUST_BUNDLE_FILE) at the time-stamp's time, for time-stamping. Only a trusted time-stamp raises the level",
    ),
});

export const zSignatureOutcome = z
  .enum(["PASSED", "FAILED", "INDETERMINATE"])
  .describe(
    "The signature's own checks, as the EU DSS validator reports them: PASSED (its byte range, digest and signature value were " +
      "checked and hold), FAILED (a check ran and failed: see `failed`), INDETERMINATE (it could not be checked: see " +
      "`indeterminate`). Who signed, and whether they are trusted, is not part of it: see `signerTrusted`",
  );

const zFailed = z
  .object({
    reason: z.enum(["BYTE_RANGE_INVALID", "FORMAT_FAILURE", "HASH_FAILURE", "SIG_CRYPTO_FAILURE"]),
    detail: z.string(),
  })
  .nullable()
  .describe("When the outcome is FAILED: the check that failed, and in words");

const zIndeterminate = z
  .object({
    reason: z.enum(["UNSUPPORTED_ALGORITHM", "UNSUPPORTED_FORMAT", "PARSE_LIMIT", "NO_SIGNING_CERTIFICATE_FOUND"]),
    detail: z.string(),
  })
  .nullable()
  .describe("When the outcome is INDETERMINATE: why the signature could not be checked, and in words");

export const zVerifiedSignature = z.object({
  index: z.number().int(),
  kind: z.enum(["signature", "document-timestamp"]),
  subFilter: z.string().nullable(),
  claimedSigningTime: z.string().nullable().describe("/M of the signature dictionary: the signer's claim, not a trusted time"),
  byteRange: z.array(z.number().int()),
  byteRangeValid: z.boolean().describe("Starts at 0 and leaves out exactly this signature's /Contents"),
  coversWholeFile: z.boolean(),
  bytesAfter: z.number().int().describe("Bytes of the file after the signed range"),
  digestMatches: z.boolean().describe("The digest of the covered bytes equals the CMS message digest (or time-stamp imprint)"),
  signatureVerifies: z.boolean().describe("The CMS signature verifies with the signer certificate inside it"),
  outcome: zSignatureOutcome,
  failed: zFailed,
  indeterminate: zIndeterminate,
  modificationsAfter: z
    .array(z.string())
    .nullable()
    .describe(
      "What was appended after this signature that is not validation data (DSS) or a document time-stamp, judged as after a " +
        "seal; after any signature but the seal, a later signature of the file is signing again, not a change " +
        "(laterSignatures). Empty: nothing else. Null when its byte range gives no end. For a file not sealed by this " +
        "service, this is how a change after signing is named",
    ),
  laterSignatures: z
    .array(z.number().int())
    .describe(
      "Indexes of the later signatures whose addition after this one was judged signing again (their field, widget, " +
        "appearance and value, signed by them), not a modification. Always empty for the seal: a signature added after " +
        "the seal is one of its modifications",
    ),
  signer: z
    .object({
      subject: z.string(),
      issuer: z.string(),
      sha256: z.string(),
      serialNumber: z.string(),
      notBefore: z.string(),
      notAfter: z.string(),
    })
    .nullable(),
  isSealingCertificate: z.boolean().describe("The signer certificate is this server's sealing certificate"),
  signerTrusted: z
    .boolean()
    .describe(
      "The signer's certificate chains to a certificate this service trusts (for a document time-stamp: its authority's)",
    ),
  level: zPadesLevel.nullable(),
  timestamp: zTimestamp.nullable(),
  problems: z.array(z.string()),
});

export const zVerification = z.object({
  verdict: z.enum(["VALID", "ALTERED", "NOT_SEALED_BY_SERVICE"]),
  summary: z
    .string()
    .describe(
      "The verdict in words: “Valid — sealed by this service, unmodified since”, “Altered after sealing”, “Not sealed by this service”",
    ),
  reasons: z.array(z.string()),
  file: z.object({ sha256: z.string(), size: z.number().int() }),
  signed: z.boolean(),
  sealedByThisService: z.boolean(),
  level: zPadesLevel.nullable().describe("PAdES level of the seal"),
  timestamp: zTimestamp.nullable().describe("The seal's signature time-stamp (B-T and above)"),
  signatures: z.array(zVerifiedSignature),
  dss: z
    .object({ certificates: z.number().int(), ocsps: z.number().int(), crls: z.number().int(), includesSigner: z.boolean() })
    .nullable(),
  modifications: z.array(z.string()).describe("What follows the seal that is not validation data (DSS) or a document time-stamp"),
  attachments: z
    .array(
      z.object({
        name: z.string(),
        size: z.number().int(),
        sha256: z.string().describe("Of the embedded file's bytes"),
        type: z.string().nullable(),
        description: z.string().nullable().describe("For a Signet seal: the field and who attached it"),
      }),
    )
    .describe("The files embedded in the PDF (for a Signet seal, what signers attached, under the seal)"),
  document: z
    .object({
      title: z.string(),
      sandbox: z.boolean(),
      completedAt: z.string().nullable(),
      signers: z.array(
        z.object({ name: z.string(), email: z.string().describe("Masked: a***@example.com"), signedAt: z.string().nullable() }),
      ),
      name: z.string().describe("This document's name in its request"),
      documents: z
        .array(
          z.object({
            order: z.number().int(),
            name: z.string(),
            sealedSha256: z
              .string()
              .nullable()
              .describe("The sealed file's SHA-256 (null when the request was sealed without it)"),
            thisFile: z.boolean().describe("True for the document this file is"),
          }),
        )
        .describe("Every document of the request, in order: this one and its siblings, each sealed as its own PDF"),
    })
    .nullable()
    .describe("Only when the file (or the revision its seal signed) is a sealed document stored by this server"),
});

export type Verification = z.infer<typeof zVerification>;
