/** What GET /api/sign/{token} returns (the envelope's data). */
export interface SigningView {
  request: { id: string; title: string; status: RequestStatus; environment: "SANDBOX" | "PRODUCTION" };
  recipient: {
    id: string;
    name: string;
    email: string;
    /** SIGNER signs; APPROVER approves or declines (no fields); VIEWER is done once the page opened; CC gets a copy. */
    role: "SIGNER" | "CC" | "APPROVER" | "VIEWER";
    status: RecipientStatus;
    signedAt: string | null;
    approvedAt?: string | null;
    viewedAt?: string | null;
  };
  yourTurn: boolean;
  waitingFor: string[];
  /** Every signer has signed; the request is COMPLETED once the sealed PDF exists (and was e-mailed). */
  everyoneSigned: boolean;
  /** COMPLETED: until when the link shows the sealed copy (GET …/document); null otherwise. */
  availableUntil: string | null;
  document: { pageCount: number; pages: PageSize[] };
  fields: SigningField[];
}

export type RequestStatus = "DRAFT" | "IN_PROGRESS" | "COMPLETED" | "DECLINED" | "CANCELLED" | "EXPIRED";
export type RecipientStatus = "PENDING" | "SENT" | "VIEWED" | "SIGNED" | "APPROVED" | "DECLINED";
export type FieldType =
  "SIGNATURE" | "INITIAL" | "DATE" | "TEXT" | "CHECKBOX" | "RADIO" | "DROPDOWN" | "NUMBER" | "NAME" | "EMAIL";

export interface PageSize {
  width: number;
  height: number;
}

/** Coordinates are PDF points from the top-left of the page as displayed. */
export interface SigningField {
  id: string;
  type: FieldType;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  name: string | null;
  required: boolean;
  label: string | null;
  maxLength: number | null;
  fontSize: number | null;
  defaultValue: string | null;
  /** DROPDOWN: its choices; RADIO: its group's options. */
  options?: string[] | null;
  /** RADIO: the group (one choice per group) and the option this button stands for. */
  group?: string | null;
  option?: string | null;
  /** NUMBER: bounds and decimals (null: up to 6). */
  min?: number | null;
  max?: number | null;
  decimals?: number | null;
}

/** A signature or initials the signer made: drawn/uploaded (a PNG or JPEG data: URL) or typed. */
export type MarkValue = { kind: "image"; dataUrl: string; source: "draw" | "upload" } | { kind: "typed"; text: string };

export interface FieldError {
  field: string;
  message: string;
}

export interface SignResult {
  requestId: string;
  status: "SIGNED";
  completed: boolean;
}
