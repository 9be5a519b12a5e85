"use client";

import { signingPath } from "./api";
import { formatDay, formatSize } from "./format";
import { useLocale, useSigningT } from "./intl";
import { Screen } from "./screens";
import { documentFileTitle } from "@/lib/files/file-name";

// The screens of a link that has nothing to sign: rendered by the server page (with the HTTP status
// that goes with them: 404, 410) and by the client app when an API call finds the link closed.

export function InvalidLinkScreen() {
  const t = useSigningT();
  return (
    <Screen tone="stop" heading={t("invalid.heading")}>
      <p>{t("invalid.text")}</p>
    </Screen>
  );
}

/** A signing URL (embedded signing) that is unknown, used already or expired. */
export function EmbedLinkExpiredScreen() {
  const t = useSigningT();
  return (
    <Screen tone="stop" heading={t("embedExpired.heading")}>
      <p>{t("embedExpired.text")}</p>
    </Screen>
  );
}

const ENDED = {
  CANCELLED: { heading: "ended.cancelledHeading", text: "ended.cancelledText" },
  EXPIRED: { heading: "ended.expiredHeading", text: "ended.expiredText" },
  DECLINED: { heading: "ended.declinedHeading", text: "ended.declinedText" },
  COMPLETED: { heading: "ended.completedHeading", text: "ended.completedText" },
  REPLACED: { heading: "ended.replacedHeading", text: "ended.replacedText" },
  DELEGATED: { heading: "ended.delegatedHeading", text: "ended.delegatedText" },
  // A signing group's member whose signature is no longer needed: enough of the group signed.
  RELEASED: { heading: "ended.releasedHeading", text: "ended.releasedText" },
} as const;
const isEnded = (s: string): s is keyof typeof ENDED => Object.hasOwn(ENDED, s);

/** A link whose request was cancelled, expired or declined (or completed long ago), or whose turn ended (handed over, released). */
export function EndedScreen({
  status,
  recipientStatus,
  title,
  message,
  othersTold,
}: {
  status: string;
  recipientStatus?: string;
  title?: string;
  /** Said when the status is none of the known ones (already in the page's language). */
  message?: string;
  /** DECLINED by this recipient: how many others were told besides the sender. */
  othersTold?: number;
}) {
  const t = useSigningT();
  if (status === "DECLINED" && recipientStatus === "DECLINED") {
    return <DeclinedScreen title={title} othersTold={othersTold} />;
  }
  const known = isEnded(status) ? ENDED[status] : null;
  // Released is no failure: nothing went wrong, nothing more is asked of them.
  return (
    <Screen
      tone={status === "RELEASED" ? "info" : "stop"}
      heading={known ? t(known.heading) : t("ended.otherHeading")}
      documentTitle={title}
    >
      <p>{known ? t(known.text) : (message ?? t("ended.otherText"))}</p>
    </Screen>
  );
}

/**
 * This recipient declined: the sender was told, and the others the decline reached, if any. Unknown (an older
 * server's answer): the sender and the others, as before.
 */
export function DeclinedScreen({ title, othersTold }: { title?: string; othersTold?: number }) {
  const t = useSigningT();
  return (
    <Screen tone="info" heading={t("declined.heading")} documentTitle={title}>
      <p role="status">{othersTold === 0 ? t("declined.textAlone") : t("declined.text")}</p>
    </Screen>
  );
}

/** A file signers kept under the seal, as the completed link offers it (GET /api/sign/{token}/documents). */
export interface CompletedAttachment {
  id: string;
  name: string;
  size: number;
  yours: boolean;
}

/**
 * A COMPLETED request's link: each sealed document to download (each its own PAdES PDF, its certificate at its
 * end) and every file signers attached and kept under the seal; nothing to sign. Files are named by the one
 * rule of lib/files/file-name.ts: the request's title for its only document, else each document's own name.
 */
export function CompletedScreen({
  token,
  title,
  availableUntil,
  documents = [],
  attachments = [],
  released = false,
}: {
  token: string;
  title: string;
  /** A signing group's member whose signature was not needed: the page says so first. */
  released?: boolean;
  availableUntil: string;
  /** The request's documents in order: each is its own sealed PDF. */
  documents?: readonly { id: string; name: string }[];
  attachments?: readonly CompletedAttachment[];
}) {
  const t = useSigningT();
  const locale = useLocale();
  const button = "inline-block rounded-md bg-sky-700 px-4 py-2 text-sm font-semibold text-white hover:bg-sky-800";
  const count = Math.max(documents.length, 1);
  const fileName = (name: string) => t("completed.fileName", { title: documentFileTitle(title, name, count) });
  return (
    <Screen tone="done" heading={t(released ? "ended.releasedHeading" : "completed.heading")} documentTitle={title}>
      <p>{released ? t("completed.released") : t("completed.text", { count })}</p>
      {documents.length > 1 ? (
        <ol className="space-y-2">
          {documents.map((d, i) => (
            <li key={d.id}>
              <a
                href={signingPath(token, i === 0 ? "/document" : `/document?document=${encodeURIComponent(d.id)}`)}
                download={fileName(d.name)}
                className={button}
              >
                {t("completed.download")} · {t("docs.documentOf", { n: i + 1, total: documents.length })} · {d.name}
              </a>
            </li>
          ))}
        </ol>
      ) : (
        <p>
          <a href={signingPath(token, "/document")} download={fileName(documents[0]?.name ?? title)} className={button}>
            {t("completed.download")}
          </a>
        </p>
      )}
      {attachments.length ? (
        <section aria-labelledby="signet-completed-attachments" className="space-y-2">
          <h2 id="signet-completed-attachments" className="text-base font-semibold text-slate-900">
            {t("completed.attachments")}
          </h2>
          <p className="text-sm text-slate-600">{t("completed.attachmentsText")}</p>
          <ul className="space-y-1">
            {attachments.map((a) => (
              <li key={a.id}>
                <a
                  href={signingPath(token, `/attachments/${encodeURIComponent(a.id)}`)}
                  download={a.name}
                  className="text-sky-800 underline hover:text-sky-900"
                >
                  {t("completed.attachment", { name: a.name, size: formatSize(a.size, locale) })}
                </a>
                {a.yours ? <span className="text-sm text-slate-500"> · {t("completed.yours")}</span> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p className="text-sm text-slate-500">{t("completed.until", { count, date: formatDay(availableUntil, locale) })}</p>
    </Screen>
  );
}
