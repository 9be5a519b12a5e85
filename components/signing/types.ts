// What the signing page reads, from the API's own schemas (lib/schemas/ops-signing.ts, requests.ts,
// signing.ts) through lib/client/types: no field, status or property is copied here by hand.
import type { z } from "zod";
import type { zPageSize } from "@/lib/schemas/common";
import type { RecipientDto, ResponseData } from "@/lib/client/types";
import type { ApiFailure } from "./api";

export type { FieldType, RequestStatus } from "@/lib/client/types";
export type RecipientStatus = RecipientDto["status"];

/**
 * What GET /api/sign/{token} returns (the envelope's data): the request, this recipient (SIGNER signs;
 * APPROVER approves or declines, no fields; VIEWER is done once the page opened; CC gets a copy), whether it
 * is their turn, and their fields. `everyoneSigned`: every signer has signed (the request is COMPLETED
 * once the sealed PDF exists). `availableUntil`: COMPLETED, until when the link shows the sealed copy.
 */
export type SigningView = ResponseData<"viewSigning">;

export type PageSize = z.output<typeof zPageSize>;

/** One piece of a page's text (GET /api/sign/{token}/pages/{n}/text): its string, box, font size and direction. */
export type PageTextItem = ResponseData<"signingPageText">["items"][number];

/** What a signer's or an approver's page is given: the link's token, what it shows, where a decline or a stale state goes. */
export interface RecipientPageProps {
  token: string;
  view: SigningView;
  /** `othersTold`: how many recipients besides the sender the decline told. */
  onDeclined: (othersTold: number) => void;
  onStale: (e: ApiFailure) => void;
  /** Handed over to someone else (the page's "Hand over", when the sender allowed it): their name. */
  onDelegated?: (name: string) => void;
}

/** One of this signer's fields. Coordinates are PDF points from the top-left of the page as displayed. */
export type SigningField = SigningView["fields"][number];

/** What POST /api/sign/{token}/sign answers. */
export type SignResult = ResponseData<"submitSignature">;

/** A signature or initials the signer made: drawn/uploaded (a PNG or JPEG data: URL) or typed. Page state only. */
export type MarkValue = { kind: "image"; dataUrl: string; source: "draw" | "upload" } | { kind: "typed"; text: string };

/** One entry of an error envelope's `errors`: the field (a path like values.0.image) and what is wrong with it. */
export type { FieldErrorDto as FieldError } from "@/lib/client/api";

/** A file the signer attached to a FILE field (POST /api/sign/{token}/files answers it). */
export type AttachedFile = ResponseData<"uploadSignerFile">;

/** A FILE field's value on the page: the files attached so far, in order. */
export type FilesValue = { kind: "files"; files: AttachedFile[] };
