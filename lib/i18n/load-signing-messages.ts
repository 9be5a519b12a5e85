import type { Messages } from "./catalogs";
import type { Locale } from "./locales";

export type SigningMessages = Pick<Messages, "signing">;

/**
 * One language's signing namespace, fetched by the browser when the signer switches language: each
 * catalog is its own chunk, loaded only then (the page's first language comes with the page).
 */
const loaders: Record<Locale, () => Promise<{ default: Messages }>> = {
  en: () => import("./messages/en.json"),
  de: () => import("./messages/de.json"),
  fr: () => import("./messages/fr.json"),
  es: () => import("./messages/es.json"),
  it: () => import("./messages/it.json"),
  pt: () => import("./messages/pt.json"),
  nl: () => import("./messages/nl.json"),
  pl: () => import("./messages/pl.json"),
};

export async function loadSigningMessages(locale: Locale): Promise<SigningMessages> {
  const { default: all } = await loaders[locale]();
  return { signing: all.signing };
}
