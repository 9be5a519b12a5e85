import { z } from "zod";
import { defineOperation } from "./operation";
import { zRecipientParams } from "./requests";

export const zSigningUrl = z.object({
  url: z.string().meta({ description: "Open it in an iframe (or a window) within 5 minutes; it works once" }),
  expiresAt: z.string(),
});

/** Embedded signing: the short-lived signing URL of an EMBEDDED recipient. */
export const embedOps = {
  createSigningUrl: defineOperation({
    method: "POST",
    path: "/api/v1/enterprise/signature-requests/{id}/recipients/{recipientId}/signing-url",
    tag: "Recipients",
    summary: "A signing URL for an EMBEDDED recipient, to frame on an allowed origin: valid 5 minutes, once",
    description:
      "For a recipient with `delivery: EMBEDDED` whose turn it is (status SENT or VIEWED) in an IN_PROGRESS request. " +
      "Opening the URL consumes it and shows the usual signing page; it may be framed only by the origins in the server's " +
      "EMBED_ALLOWED_ORIGINS, and posts `signet:loaded`, `signet:signed`, `signet:declined` to its parent. Ask for a new URL " +
      "each time the page is shown. 409: the request is not IN_PROGRESS, or it is not (or no longer) this recipient's turn; " +
      "422: the recipient is not EMBEDDED (or is a CC). See docs/embedding.md.",
    params: zRecipientParams,
    success: { status: 201, description: "Created", data: zSigningUrl },
    errors: [409, 422],
  }),
};
