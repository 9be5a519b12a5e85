import { createTranslator } from "use-intl/core";
import auth from "./auth.json";
import common from "./common.json";
import compose from "./compose.json";
import errorCodes from "./error-codes.json";
import errors from "./errors.json";
import outbox from "./outbox.json";
import placer from "./placer.json";
import requests from "./requests.json";
import settings from "./settings.json";
import templates from "./templates.json";
import verify from "./verify.json";

/**
 * The staff dashboard's English messages, through the same library as the signer's pages (the other seven
 * languages: ./catalogs.ts). One JSON file per area of the dashboard, under one `dashboard` namespace; kept
 * apart from lib/i18n/messages, whose eight catalogs are the signer's. `errorCodes` words each API error code
 * (lib/server/errors.ts) for the dashboard; `errors` the sentences around them.
 */
export const dashboardMessages = {
  dashboard: { auth, common, compose, errorCodes, errors, outbox, placer, requests, settings, templates, verify },
};

export type DashboardMessages = typeof dashboardMessages;

/** The dashboard's translator for server components and route code: keys are `area.key` (`common.nav.requests`). */
export const dashboardT = createTranslator({ locale: "en", messages: dashboardMessages, namespace: "dashboard" });
