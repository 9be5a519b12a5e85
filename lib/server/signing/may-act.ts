import "server-only";
import { AppError } from "../http/errors";

export type SignerAction = "sign" | "approve" | "decline";

const NOT_YOURS: Record<string, Partial<Record<SignerAction, string>>> = {
  CC: {
    sign: "A CC recipient does not sign",
    approve: "A CC recipient does not approve; they receive a copy",
    decline: "A CC recipient does not sign",
  },
  APPROVER: {
    sign: "An approver has nothing to sign: approve or decline the document (POST /api/sign/{token}/approve or /decline)",
  },
  SIGNER: { approve: "A signer signs the document (POST /api/sign/{token}/sign); only an approver approves" },
  VIEWER: {
    sign: "A viewer has nothing to sign: opening the document is all that is asked",
    approve: "A viewer has nothing to approve: opening the document is all that is asked",
    decline: "A viewer has nothing to decline: opening the document is all that is asked",
  },
};

const DONE_TEXT: Record<string, string> = {
  SIGNED: "You have already signed this document",
  APPROVED: "You have already approved this document",
};

/**
 * Only an invited recipient whose turn it is may act, and only as their role allows (a SIGNER signs,
 * an APPROVER approves; both may decline), whatever link they hold. Else 409 saying why.
 */
export function assertMayAct(r: { role: string; status: string }, req: { status: string }, action: SignerAction) {
  // A completed request's link shows the sealed copy, nothing else.
  if (req.status === "COMPLETED")
    throw new AppError("WRONG_STATE", "This request is complete; there is nothing more to sign", {
      details: { status: req.status },
    });
  const status = { status: r.status, role: r.role };
  const refused = NOT_YOURS[r.role]?.[action];
  if (refused) throw new AppError("WRONG_STATE", refused, { details: status });
  if (DONE_TEXT[r.status]) throw new AppError("WRONG_STATE", DONE_TEXT[r.status], { details: status });
  if (r.status === "DECLINED") throw new AppError("WRONG_STATE", "You declined this document", { details: status });
  if (r.status === "PENDING") {
    throw new AppError(
      "WRONG_STATE",
      `It is not your turn to ${action === "approve" ? "approve" : "sign"} yet: earlier recipients have not finished`,
      { details: status },
    );
  }
}
