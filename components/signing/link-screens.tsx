"use client";

import { signingPath } from "./api";
import { formatDay } from "./format";
import { useLocale, useSigningT } from "./intl";
import { Screen } from "./screens";
import { fileNameOf, titleOfDocument } from "@/lib/files/file-name";

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
} as const;
const isEnded = (s: string): s is keyof typeof ENDED => Object.hasOwn(ENDED, s);

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
  /** Said when the status is none of the known ones (already in the page's language). */
  message?: string;
}) {
  const t = useSigningT();
  if (status === "DECLINED" && recipientStatus === "DECLINED") {
    return (
      <Screen tone="info" heading={t("declined.heading")} documentTitle={title}>
        <p role="status">{t("declined.text")}</p>
      </Screen>
    );
  }
  const known = isEnded(status) ? ENDED[status] : null;
  return (
    <Screen tone="stop" heading={known ? t(known.heading) : t("ended.otherHeading")} documentTitle={title}>
      <p>{known ? t(known.text) : (message ?? t("ended.otherText"))}</p>
    </Screen>
  );
}

/** A COMPLETED request's link: the sealed copy (of each document) to download, nothing to sign. */
export function CompletedScreen({
  token,
  title,
  availableUntil,
  documents = [],
}: {
  token: string;
  title: string;
  availableUntil: string;
  /** The request's documents when it has several: each is its own sealed PDF. */
  documents?: readonly { id: string; name: string }[];
}) {
  const t = useSigningT();
  const locale = useLocale();
  const button = "inline-block rounded-md bg-sky-700 px-4 py-2 text-sm font-semibold text-white hover:bg-sky-800";
  return (
    <Screen tone="done" heading={t("completed.heading")} documentTitle={title}>
      <p>{t("completed.text")}</p>
      {documents.length > 1 ? (
        <ol className="space-y-2">
          {documents.map((d, i) => (
            <li key={d.id}>
              <a
                href={signingPath(token, i === 0 ? "/document" : `/document?document=${encodeURIComponent(d.id)}`)}
                download={t("completed.fileName", { title: fileNameOf(i === 0 ? title : titleOfDocument(d.name)) })}
                className={button}
              >
                {t("completed.download")} · {t("docs.documentOf", { n: i + 1, total: documents.length })} · {d.name}
              </a>
            </li>
          ))}
        </ol>
      ) : (
        <p>
          <a
            href={signingPath(token, "/document")}
            download={t("completed.fileName", { title: fileNameOf(title) })}
            className={button}
          >
            {t("completed.download")}
          </a>
        </p>
      )}
      <p className="text-sm text-slate-500">{t("completed.until", { date: formatDay(availableUntil, locale) })}</p>
    </Screen>
  );
}
