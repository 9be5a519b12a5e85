// Shapes the dashboard reads and sends, all from the API's own zod schemas (lib/schemas): an answer's
// type is the output of its operation's `success.data` schema, a body's the input of its `body` schema.
// Nothing here is copied by hand, so a schema change reaches the dashboard through `tsc`. Type-only
// imports: lib/schemas adds nothing to the browser bundle from here.
import type { z, ZodType } from "zod";
import type { OperationName, ops } from "@/lib/schemas/operations";
import type { zFieldInput } from "@/lib/schemas/requests";
import type { SignatureRequestDto, FieldDto } from "@/lib/schemas/requests";

export type { SignatureRequestDto, RecipientDto, FieldDto } from "@/lib/schemas/requests";
export type { ApiKeyDto } from "@/lib/schemas/api-keys";

type Ops = typeof ops;
/** The operations that answer JSON (not a PDF), and those that take a body. */
export type JsonOperation = { [K in OperationName]: Ops[K]["success"] extends { data: ZodType } ? K : never }[OperationName];
export type BodyOperation = { [K in OperationName]: Ops[K] extends { body: ZodType } ? K : never }[OperationName];

/** The `data` of an operation's success answer, as the server sends it. */
export type ResponseData<K extends JsonOperation> = Ops[K]["success"] extends { data: infer S extends ZodType }
  ? z.output<S>
  : never;
/** The JSON (or multipart) body an operation takes, as a client writes it (defaults still optional). */
export type RequestBody<K extends BodyOperation> = Ops[K] extends { body: infer S extends ZodType } ? z.input<S> : never;

export type RequestStatus = SignatureRequestDto["status"];
export type FieldType = FieldDto["type"];
/** A page of GET /signature-requests. */
export type RequestPage = ResponseData<"listRequests">;
/** A request as the list shows it: no recipients or fields, their count. */
export type RequestSummary = RequestPage["items"][number];
export type CreatedApiKey = ResponseData<"createApiKey">;
export type AuditEvent = ResponseData<"getAudit">["items"][number];

/** A template as GET /templates lists it (its stored fields counted, not listed). */
export type TemplateDto = ResponseData<"listTemplates">["items"][number];
/** A template as POST /templates answers: every stored field. */
export type CreatedTemplate = ResponseData<"createTemplate">;

/** The editable part of a field (what POST/PATCH .../fields accept). */
export type FieldInput = z.input<typeof zFieldInput>;
