import { z } from "zod";

export const zTokenParams = z.object({ token: z.string().min(10).max(200) });

export const zSubmitSignature = z.object({
  consent: z.literal(true, { error: "Consent to sign electronically is required" }),
  values: z
    .array(
      z.object({
        fieldId: z.string().max(100),
        /** TEXT fields */
        text: z.string().max(10000).optional(),
        /** SIGNATURE / INITIAL typed: rendered in a script font */
        typed: z.string().trim().min(1).max(200).optional(),
        /** SIGNATURE / INITIAL drawn or uploaded: a data: URL of a PNG or JPEG */
        image: z.string().max(3_000_000).optional(),
      }),
    )
    .max(1000),
});
export type SubmitSignature = z.infer<typeof zSubmitSignature>;

export const zDecline = z.object({ reason: z.string().trim().min(1, { error: "Say why you decline" }).max(1000) });

/** A field value as stored: what the signer gave, never re-derived. */
export type FieldValue =
  | { kind: "image"; sha256: string; mime: "image/png" | "image/jpeg" }
  | { kind: "typed"; text: string }
  | { kind: "text"; text: string }
  | { kind: "date"; text: string };
