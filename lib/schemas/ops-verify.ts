import { defineOperation } from "./operation";
import { zVerification, zVerifyBody } from "./verify";

/** The public verify endpoint: anyone holding a PDF may ask whether Signet sealed it. */
export const verifyOps = {
  verifyDocument: defineOperation({
    method: "POST",
    path: "/api/v1/verify",
    tag: "Verify (public)",
    summary: "Check a PDF: is it sealed by this service and unmodified since, its PAdES level and time-stamp",
    description:
      "No API key. multipart/form-data with one part, `file` (at most the upload limit, else 413). Bytes that are not a PDF: 415; " +
      "a PDF that cannot be read, or is too complex: 422. Every signature is checked (byte range, digest, CMS signature): its " +
      "`outcome` is PASSED, FAILED (with `failed`) or INDETERMINATE (with `indeterminate`: an algorithm or form Signet does not " +
      "check, a CMS beyond its parse limits), and `modificationsAfter` names what was changed after it. The seal is " +
      "compared with this server's sealing certificate. `document` (title, signers with masked e-mail addresses, completion time) is " +
      "given only when the file is a sealed document this server stored. Limited per client address (VERIFY_RATE_LIMIT_IP a minute, " +
      "default 20): 429 with Retry-After.",
    body: zVerifyBody,
    multipart: true,
    public: true,
    success: { status: 200, description: "The verification (whatever the verdict)", data: zVerification },
    errors: [422, 429],
  }),
};
