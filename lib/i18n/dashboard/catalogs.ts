import type { Locale } from "../locales";
import { dashboardMessages, type DashboardMessages } from "./index";
import de_auth from "./de/auth.json";
import de_common from "./de/common.json";
import de_compose from "./de/compose.json";
import de_errorCodes from "./de/error-codes.json";
import de_errors from "./de/errors.json";
import de_outbox from "./de/outbox.json";
import de_placer from "./de/placer.json";
import de_requests from "./de/requests.json";
import de_settings from "./de/settings.json";
import de_templates from "./de/templates.json";
import de_verify from "./de/verify.json";
import fr_auth from "./fr/auth.json";
import fr_common from "./fr/common.json";
import fr_compose from "./fr/compose.json";
import fr_errorCodes from "./fr/error-codes.json";
import fr_errors from "./fr/errors.json";
import fr_outbox from "./fr/outbox.json";
import fr_placer from "./fr/placer.json";
import fr_requests from "./fr/requests.json";
import fr_settings from "./fr/settings.json";
import fr_templates from "./fr/templates.json";
import fr_verify from "./fr/verify.json";
import es_auth from "./es/auth.json";
import es_common from "./es/common.json";
import es_compose from "./es/compose.json";
import es_errorCodes from "./es/error-codes.json";
import es_errors from "./es/errors.json";
import es_outbox from "./es/outbox.json";
import es_placer from "./es/placer.json";
import es_requests from "./es/requests.json";
import es_settings from "./es/settings.json";
import es_templates from "./es/templates.json";
import es_verify from "./es/verify.json";
import it_auth from "./it/auth.json";
import it_common from "./it/common.json";
import it_compose from "./it/compose.json";
import it_errorCodes from "./it/error-codes.json";
import it_errors from "./it/errors.json";
import it_outbox from "./it/outbox.json";
import it_placer from "./it/placer.json";
import it_requests from "./it/requests.json";
import it_settings from "./it/settings.json";
import it_templates from "./it/templates.json";
import it_verify from "./it/verify.json";
import pt_auth from "./pt/auth.json";
import pt_common from "./pt/common.json";
import pt_compose from "./pt/compose.json";
import pt_errorCodes from "./pt/error-codes.json";
import pt_errors from "./pt/errors.json";
import pt_outbox from "./pt/outbox.json";
import pt_placer from "./pt/placer.json";
import pt_requests from "./pt/requests.json";
import pt_settings from "./pt/settings.json";
import pt_templates from "./pt/templates.json";
import pt_verify from "./pt/verify.json";
import nl_auth from "./nl/auth.json";
import nl_common from "./nl/common.json";
import nl_compose from "./nl/compose.json";
import nl_errorCodes from "./nl/error-codes.json";
import nl_errors from "./nl/errors.json";
import nl_outbox from "./nl/outbox.json";
import nl_placer from "./nl/placer.json";
import nl_requests from "./nl/requests.json";
import nl_settings from "./nl/settings.json";
import nl_templates from "./nl/templates.json";
import nl_verify from "./nl/verify.json";
import pl_auth from "./pl/auth.json";
import pl_common from "./pl/common.json";
import pl_compose from "./pl/compose.json";
import pl_errorCodes from "./pl/error-codes.json";
import pl_errors from "./pl/errors.json";
import pl_outbox from "./pl/outbox.json";
import pl_placer from "./pl/placer.json";
import pl_requests from "./pl/requests.json";
import pl_settings from "./pl/settings.json";
import pl_templates from "./pl/templates.json";
import pl_verify from "./pl/verify.json";

/**
 * The dashboard's messages in each of the eight languages of the signing page (English in ./*.json, the others
 * in ./<locale>/*.json with the same keys: lib/i18n/catalogs.test.ts holds them together). For the server only: a
 * page hands its staff member's one catalog to the browser (components/layout/dashboard-intl.tsx).
 */
export const dashboardCatalogs: Record<Locale, DashboardMessages> = {
  en: dashboardMessages,
  de: {
    dashboard: {
      auth: de_auth,
      common: de_common,
      compose: de_compose,
      errorCodes: de_errorCodes,
      errors: de_errors,
      outbox: de_outbox,
      placer: de_placer,
      requests: de_requests,
      settings: de_settings,
      templates: de_templates,
      verify: de_verify,
    },
  },
  fr: {
    dashboard: {
      auth: fr_auth,
      common: fr_common,
      compose: fr_compose,
      errorCodes: fr_errorCodes,
      errors: fr_errors,
      outbox: fr_outbox,
      placer: fr_placer,
      requests: fr_requests,
      settings: fr_settings,
      templates: fr_templates,
      verify: fr_verify,
    },
  },
  es: {
    dashboard: {
      auth: es_auth,
      common: es_common,
      compose: es_compose,
      errorCodes: es_errorCodes,
      errors: es_errors,
      outbox: es_outbox,
      placer: es_placer,
      requests: es_requests,
      settings: es_settings,
      templates: es_templates,
      verify: es_verify,
    },
  },
  it: {
    dashboard: {
      auth: it_auth,
      common: it_common,
      compose: it_compose,
      errorCodes: it_errorCodes,
      errors: it_errors,
      outbox: it_outbox,
      placer: it_placer,
      requests: it_requests,
      settings: it_settings,
      templates: it_templates,
      verify: it_verify,
    },
  },
  pt: {
    dashboard: {
      auth: pt_auth,
      common: pt_common,
      compose: pt_compose,
      errorCodes: pt_errorCodes,
      errors: pt_errors,
      outbox: pt_outbox,
      placer: pt_placer,
      requests: pt_requests,
      settings: pt_settings,
      templates: pt_templates,
      verify: pt_verify,
    },
  },
  nl: {
    dashboard: {
      auth: nl_auth,
      common: nl_common,
      compose: nl_compose,
      errorCodes: nl_errorCodes,
      errors: nl_errors,
      outbox: nl_outbox,
      placer: nl_placer,
      requests: nl_requests,
      settings: nl_settings,
      templates: nl_templates,
      verify: nl_verify,
    },
  },
  pl: {
    dashboard: {
      auth: pl_auth,
      common: pl_common,
      compose: pl_compose,
      errorCodes: pl_errorCodes,
      errors: pl_errors,
      outbox: pl_outbox,
      placer: pl_placer,
      requests: pl_requests,
      settings: pl_settings,
      templates: pl_templates,
      verify: pl_verify,
    },
  },
};
