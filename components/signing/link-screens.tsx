import { signingPath } from "./api";
import { Screen } from "./screens";

// The screens of a link that has nothing to sign: rendered by the server page (with the HTTP status
// that goes with them: 404, 410) and by the client app when an API call finds the link closed.

export function InvalidLinkScreen() {
  return (
    <Screen tone="stop" heading="This signing link is not valid">
      <p>
        Check that you opened the whole link from your e-mail. If it still does not work, ask the sender to send the request
        again.
      </p>
    </Screen>
  );
}

const ENDED_HEADINGS: Record<string, string> = {
  CANCELLED: "This request was cancelled",
  EXPIRED: "This request has expired",
  DECLINED: "This request was declined",
  COMPLETED: "This link has expired",
};
const ENDED_TEXT: Record<string, string> = {
  CANCELLED: "The sender cancelled this signature request; the link no longer works. Nothing more is needed from you.",
  EXPIRED:
    "This signature request passed its deadline; the link no longer works. Ask the sender for a new one if it still needs your signature.",
  DECLINED: "A signer declined this document, so it can no longer be signed. Nothing more is needed from you.",
  COMPLETED:
    "This document was completed more than 30 days ago, and its link no longer shows it. The signed PDF was sent to you by e-mail when it was completed.",
};

/** A link whose request was cancelled, expired or declined (or completed long ago). */
export function EndedScreen({
  status,
  recipientStatus,
  title,
  message,
}: {
  status: string;
  recipientStatus?: string;
  title?: string;
  message?: string;
}) {
  if (status === "DECLINED" && recipientStatus === "DECLINED") {
    return (
      <Screen tone="info" heading="You declined to sign" documentTitle={title}>
        <p role="status">The sender and the other signers have been told. Nothing more is needed from you.</p>
      </Screen>
    );
  }
  return (
    <Screen tone="stop" heading={ENDED_HEADINGS[status] ?? "This link no longer works"} documentTitle={title}>
      <p>{ENDED_TEXT[status] ?? message ?? "This signing link no longer works."}</p>
    </Screen>
  );
}

/** A COMPLETED request's link: the sealed copy to download, nothing to sign. */
export function CompletedScreen({ token, title, availableUntil }: { token: string; title: string; availableUntil: string }) {
  const safe = title.replace(/[^\p{L}\p{N} ._-]+/gu, "").trim() || "document";
  return (
    <Screen tone="done" heading="This document is complete" documentTitle={title}>
      <p>Everyone has signed. The signed PDF, sealed by Signet, was sent to you by e-mail; you can also download it here.</p>
      <p>
        <a
          href={signingPath(token, "/document")}
          download={`${safe} (signed).pdf`}
          className="inline-block rounded-md bg-sky-700 px-4 py-2 text-sm font-semibold text-white hover:bg-sky-800"
        >
          Download the signed PDF
        </a>
      </p>
      <p className="text-sm text-slate-500">This link shows the signed PDF until {availableUntil.slice(0, 10)}.</p>
    </Screen>
  );
}
