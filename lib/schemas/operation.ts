import type { ZodType } from "zod";

/** A success answer: the schema of `data` in the JSON envelope, or a binary body of the named media type. */
export type Success =
  | { status: number; description: string; data: ZodType; content?: undefined }
  | { status: number; description: string; content: BinaryMedia | readonly BinaryMedia[]; data?: undefined };

/** The binary media types an operation answers with. */
export type BinaryMedia =
  | "application/pdf"
  | "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
  | "image/png"
  | "image/svg+xml"
  | "image/jpeg"
  | "application/zip";

/** One API operation: the route wrapper validates with these schemas and the OpenAPI document is made from them. */
export interface Operation {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** OpenAPI style: /api/v1/enterprise/signature-requests/{id} */
  path: string;
  summary: string;
  description?: string;
  tag: string;
  params?: ZodType;
  query?: ZodType;
  /** JSON body. */
  body?: ZodType;
  /** The body is multipart/form-data, validated by `body`. */
  multipart?: boolean;
  /** Parts of a multipart body that may be given several times: given more than once, a part becomes a list. */
  repeatedParts?: readonly string[];
  bodyOptional?: boolean;
  /** The success answer, declared explicitly: never inferred from a missing schema. */
  success: Success;
  /** Other success answers of the same operation (a bulk send's dry run answers 200, not 202). */
  otherSuccesses?: Success[];
  /**
   * Error statuses particular to this operation (a 409 for a wrong state, a 410, a 422, a 503). The ones its
   * shape implies are added by `errorStatuses`: they need not be listed.
   */
  errors: number[];
  /** No API key: the signer's endpoints, scoped by the token in the path. */
  public?: boolean;
}

export const defineOperation = <T extends Operation>(op: T): T => op;

/**
 * Every error status an operation can answer: its own, and those the route wrapper (lib/server/http/route.ts,
 * body.ts) answers for any operation of its shape.
 */
export function errorStatuses(op: Operation): number[] {
  const s = new Set(op.errors);
  if (!op.public) {
    // authenticateKey: no key, an unknown or revoked one (401), an address the key does not allow (403);
    // the per-key rate limit (429).
    [401, 403, 429].forEach((c) => s.add(c));
    // The Idempotency-Key of a POST: too long (400), still being processed (409), used with another body (422).
    if (op.method === "POST") [400, 409, 422].forEach((c) => s.add(c));
  }
  if (op.params || op.query || op.body) s.add(400);
  // A path names a record (or a signing link) that may not exist, or not be visible to this key.
  if (op.params) s.add(404);
  // readBody: over the size limit (413), another media type (415), malformed JSON or multipart (400).
  if (op.body) [400, 413, 415].forEach((c) => s.add(c));
  // errorResponse: an error no use case expected (its detail is logged, not sent); the database not
  // answering (503); no space left to store what the call writes (507). Any call reads or writes the store.
  [500, 503, 507].forEach((c) => s.add(c));
  return [...s].sort((a, b) => a - b);
}
