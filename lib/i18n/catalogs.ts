import { createTranslator } from "use-intl/core";
import type { Locale } from "./locales";
import de from "./messages/de.json";
import en from "./messages/en.json";
import es from "./messages/es.json";
import fr from "./messages/fr.json";
import it from "./messages/it.json";
import nl from "./messages/nl.json";
import pl from "./messages/pl.json";
import pt from "./messages/pt.json";

/** The shape every catalog has: the English one's (lib/i18n/catalogs.test.ts holds the others to it). */
export type Messages = typeof en;

/**
 * Every language's messages. For the server (mails, the certificate, the signing layout that hands the
 * page its own namespace); the browser gets one language's `signing` namespace at a time.
 */
export const catalogs: Record<Locale, Messages> = { en, de, fr, es, it, pt, nl, pl };

/** The ICU messages of one namespace in one language, for server-side text (mails, the certificate page). */
export function translator<const N extends "certificate" | "mail" | "signing">(locale: Locale, namespace: N) {
  return createTranslator({ locale, messages: catalogs[locale], namespace });
}
