import "server-only";
import type { z, ZodType } from "zod";
import type { operationScopes } from "@/lib/schemas/operation-scopes";
import type { KeyAuth } from "../auth/authenticate";

/** A file a tool answers with: carried inside the answer (base64), or, when `linkOnly`, named by its URI to read. */
export interface McpFile {
  uri: string;
  name: string;
  type: string;
  bytes: Uint8Array;
  linkOnly?: boolean;
}

/** What a tool's use case answers: the API's data, a line for people, and any files. */
export interface ToolAnswer {
  data: unknown;
  message: string;
  files?: McpFile[];
}

/**
 * A tool Signet's MCP server offers an agent. Each is an API operation under another name: it takes the
 * operation's own zod schemas (its input is what the API's path, query and body take), needs the operation's
 * scopes (lib/schemas/operation-scopes.ts), and runs the same use case, so an agent can do nothing a key could
 * not, and nothing differently.
 */
export interface McpTool {
  name: string;
  title: string;
  description: string;
  /** The API operation it is (its scopes are the tool's). */
  operation: keyof typeof operationScopes;
  input: ZodType;
  /** Whether the tool only reads (MCP's readOnlyHint). */
  readOnly: boolean;
  /** The signature request a call names or makes: its audit trail records the call. */
  request?: (input: never, data: unknown) => string | undefined;
  run(auth: KeyAuth, input: never): Promise<ToolAnswer>;
}

/** A tool, typed by its input schema. */
export function tool<I extends ZodType>(
  t: Omit<McpTool, "input" | "run" | "request"> & {
    input: I;
    request?: (input: z.output<I>, data: unknown) => string | undefined;
    run: (auth: KeyAuth, input: z.output<I>) => Promise<ToolAnswer>;
  },
): McpTool {
  return t as unknown as McpTool;
}

/** An operation's body schema, which a tool's input takes (every tool names an operation that has one). */
export const opBody = <T extends ZodType>(s: T | undefined): T => {
  if (!s) throw new Error("an MCP tool names an operation without a body");
  return s;
};

/** The request a tool names by its `id` argument. */
export const requestId = (input: { id: string }) => input.id;

/** The request a tool made: its answer's id (none before it has answered). */
export const madeRequest = (_: unknown, data: unknown) => (data as { id?: string } | undefined)?.id;
