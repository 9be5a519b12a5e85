import type { Messages } from "./catalogs";
import type { Locale } from "./locales";

// use-intl's keys and arguments are checked against the English catalog.
declare module "use-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: Messages;
  }
}
