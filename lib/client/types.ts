// Shapes the dashboard reads. Request, recipient and field types come from the API's own schemas;
// the templates, anchors and outbox shapes follow decisions.md and are read defensively (see anchors.ts).
export type { SignatureRequestDto, RecipientDto, FieldDto } from "@/lib/schemas/requests";
export type { ApiKeyDto } from "@/lib/schemas/api-keys";
import type { FieldDto, SignatureRequestDto } from "@/lib/schemas/requests";
import type { ApiKeyDto } from "@/lib/schemas/api-keys";

export type RequestStatus = SignatureRequestDto["status"];
export type FieldType = FieldDto["type"];
export type RequestSummary = Omit<SignatureRequestDto, "recipients" | "fields"> & { recipientCount: number };
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
export type CreatedApiKey = ApiKeyDto & { apiKey: string };

export interface AuditEvent {
  id: string;
  type: string;
  actor: string;
  /** "Ann Lee <ann@example.com> (staff)" for a staff member's action through the dashboard. */
  actorLabel?: string | null;
  ip: string | null;
  userAgent: string | null;
  data: Record<string, unknown>;
  createdAt: string;
}

export interface TemplateDto {
  id: string;
  name: string;
  kind: "PDF" | "DOCX";
  placeholders: string[];
  anchors: unknown[];
  pageCount: number | null;
  createdAt: string;
}

/** The editable part of a field (what POST/PATCH .../fields accept). */
export interface FieldInput {
  type: FieldType;
  recipientId: string;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  name?: string;
  required?: boolean;
  label?: string;
  maxLength?: number;
  fontSize?: number;
  defaultValue?: string;
  /** DROPDOWN: its choices (RADIO: read-only, the group's options). */
  options?: string[];
  /** RADIO: the button's group and the option it stands for. */
  group?: string;
  option?: string;
  /** NUMBER: bounds and decimals. */
  min?: number;
  max?: number;
  decimals?: number;
}
