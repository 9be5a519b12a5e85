import type { ZodType } from "zod";

/** One API operation: the route wrapper validates with these schemas and the OpenAPI document is made from them. */
export interface Operation {
  method: "GET" | "POST" | "PATCH" | "DELETE";
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
  bodyOptional?: boolean;
  /** Success status and the schema of `data` in the envelope. */
  success: { status: number; description: string; data?: ZodType };
  /** Error statuses this operation can answer, for the document. */
  errors: number[];
  /** No API key: the signer's endpoints, scoped by the token in the path. */
  public?: boolean;
}

export const defineOperation = <T extends Operation>(op: T): T => op;
