// The parts of the OpenAPI document (GET /api/v1/openapi.json) that tests read, typed, and a lookup of one
// operation that fails with the path and method it could not find.

export interface OpenApiSchema {
  type?: string;
  format?: string;
  enum?: unknown[];
  required?: string[];
  properties?: Record<string, OpenApiSchema>;
  minLength?: number;
  maxLength?: number;
}

export interface OpenApiOperation {
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: OpenApiSchema }> };
  responses: Record<string, unknown>;
}

export interface OpenApiDoc {
  openapi: string;
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { securitySchemes: Record<string, unknown> };
}

/** The operation of the document at this path and method ("get", "post", ...), or an error naming them. */
export function operationOf(doc: OpenApiDoc, path: string, method: string): OpenApiOperation {
  const op = doc.paths[path]?.[method.toLowerCase()];
  if (!op) throw new Error(`the OpenAPI document has no ${method.toUpperCase()} ${path}`);
  return op;
}
