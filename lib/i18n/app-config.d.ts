import type { Messages } from "./catalogs";
import type { DashboardMessages } from "./dashboard";
import type { Locale } from "./locales";

// use-intl's keys and arguments are checked against the English catalogs: the signer's and the dashboard's.
declare module "use-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: Messages & DashboardMessages;
  }
}
