"use client";

import { useCallback } from "react";
import type { Locale } from "@/lib/i18n/locales";
import type { ApiFailure } from "./api";
import { formatTime } from "./format";
import { useLocale, useSigningT } from "./intl";

/**
 * What the page says about a failed call, in the signer's language. The API speaks English to programs;
 * the page words each condition a signer can meet by its `errorCode` and details (attempts left, lock
 * time). A condition the page has no words for shows the server's sentence on an English page and a
 * general one in any other language. `method`: the link's code method, for a wrong code.
 */
export function useApiMessage() {
  const t = useSigningT();
  const locale = useLocale();
  return useCallback(
    (e: ApiFailure, method?: string): string => {
      const d = e.details ?? {};
      const num = (k: string) => (typeof d[k] === "number" ? (d[k] as number) : 0);
      const str = (k: string) => (typeof d[k] === "string" ? (d[k] as string) : null);
      switch (e.code) {
        case "NETWORK_ERROR":
          return t("errors.unreachable");
        case "BAD_RESPONSE":
          return t("errors.status", { status: e.status });
        case "SIGNER_CODE_WRONG":
          return method === "EMAIL_CODE"
            ? t("errors.wrongEmailedCode", { count: num("attemptsLeft") })
            : t("errors.wrongAccessCode", { count: num("attemptsLeft") });
        case "SIGNING_LINK_LOCKED": {
          const until = str("lockedUntil");
          return until ? t("errors.locked", { ...lockTime(until, locale) }) : fallback(e, t("errors.generic"), locale);
        }
        case "SIGNER_CODE_TOO_SOON":
          return t("errors.tooSoon", { seconds: num("retryAfterSeconds") });
        case "RATE_LIMITED":
          return t("errors.rateLimited");
        case "SIGNER_AUTHENTICATION_REQUIRED":
          return t("errors.authenticationRequired");
        case "RECIPIENT_NOT_YOUR_TURN":
          return t("errors.notYourTurn");
        case "RECIPIENT_ALREADY_SIGNED":
          return t("errors.alreadySigned");
        case "RECIPIENT_ALREADY_APPROVED":
          return t("errors.alreadyApproved");
        case "RECIPIENT_DECLINED":
          return t("errors.youDeclined");
        case "REQUEST_COMPLETED":
          return t("errors.requestCompleted");
        case "SIGNING_LINK_ENDED":
          return t("errors.linkEnded");
        case "SIGNING_LINK_NOT_FOUND":
          return t("errors.linkNotFound");
        case "FIELD_VALUES_INVALID":
          return t("errors.valuesInvalid");
        case "SIGNATURE_IMAGE_TOO_LARGE":
          return t("errors.imageTooLarge");
        case "SIGNATURE_IMAGE_INVALID":
        case "SIGNATURE_IMAGE_UNSUPPORTED":
        case "SIGNATURE_IMAGE_DAMAGED":
          return t("errors.imageUnreadable");
        case "INPUT_NOT_STORABLE":
          return t("errors.notStorable");
        case "INTERNAL_ERROR":
          return t("errors.internal");
        default:
          return fallback(e, t("errors.generic"), locale);
      }
    },
    [t, locale],
  );
}

/** A message about one value the server refused (its `errors` entry): the server's words on an English page. */
export function useValueMessage() {
  const t = useSigningT();
  const locale = useLocale();
  return useCallback((serverMessage: string) => (locale === "en" ? serverMessage : t("errors.valueRejected")), [t, locale]);
}

/** A refused call's message: its first value's, when it names one, else the failure's own. */
export function useFailureMessage() {
  const apiMessage = useApiMessage();
  const valueMessage = useValueMessage();
  return useCallback(
    (e: ApiFailure) => (e.errors?.[0] ? valueMessage(e.errors[0].message) : apiMessage(e)),
    [apiMessage, valueMessage],
  );
}

const fallback = (e: ApiFailure, general: string, locale: Locale) => (locale === "en" ? e.message : general);

/** The lock's end on the signer's clock and the minutes until it. */
export function lockTime(until: string, locale: Locale) {
  const minutes = Math.max(1, Math.ceil((new Date(until).getTime() - Date.now()) / 60_000));
  return { time: formatTime(until, locale), minutes };
}
