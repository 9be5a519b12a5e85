"use client";

import { signingPath } from "./api";
import { formatDay } from "./format";
import { useLocale, useSigningT } from "./intl";
import { Screen } from "./screens";
import { fileNameOf } from "@/lib/files/file-name";

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

/** A COMPLETED request's link: the sealed copy to download, nothing to sign. */
export function CompletedScreen({ token, title, availableUntil }: { token: string; title: string; availableUntil: string }) {
  const t = useSigningT();
  const locale = useLocale();
  const safe = fileNameOf(title);
  return (
    <Screen tone="done" heading={t("completed.heading")} documentTitle={title}>
      <p>{t("completed.text")}</p>
      <p>
        <a
          href={signingPath(token, "/document")}
          download={t("completed.fileName", { title: safe })}
          className="inline-block rounded-md bg-sky-700 px-4 py-2 text-sm font-semibold text-white hover:bg-sky-800"
        >
          {t("completed.download")}
        </a>
      </p>
      <p className="text-sm text-slate-500">{t("completed.until", { date: formatDay(availableUntil, locale) })}</p>
    </Screen>
  );
}
