import { zIdParams } from "./common";
import { defineOperation } from "./operation";
import { zSignatureRequest, zUpdateRequest } from "./requests";
import { zSendingDefaults, zUpdateSendingDefaults } from "./send-settings";

const sendSettingsRules =
  "Send settings: `subject` (≤ 200 characters, one line) and `message` (plain text, ≤ 5,000 characters) of the " +
  "invitation and reminders; `expiresAt` (ISO 8601 with offset, in the future, ≤ 365 days ahead) or `expiryDays` (1–365, " +
  "from sending), not both; `reminders` `{ firstAfterDays, everyDays, max }` (days 1–365, max 0–10) or null; `replyTo` " +
  '(an e-mail address; null: the staff member who sends). See docs/api.md, "Send settings".';

/** A DRAFT's settings, and the organization's defaults for new drafts. */
export const sendSettingsOps = {
  updateRequest: defineOperation({
    method: "PATCH",
    path: "/api/v1/enterprise/signature-requests/{id}",
    tag: "Signature requests",
    summary: "Change a DRAFT: title, locale, timezone, dateFormat and its send settings",
    description:
      `Only what the body gives changes; null clears subject, message, replyTo, reminders and locale. ${sendSettingsRules} ` +
      "A request that is not a DRAFT: 409 REQUEST_NOT_DRAFT, nothing changed. Audited as request.updated.",
    params: zIdParams,
    body: zUpdateRequest,
    success: { status: 200, description: "The request as changed", data: zSignatureRequest },
    errors: [409],
  }),
  getSendingDefaults: defineOperation({
    method: "GET",
    path: "/api/v1/enterprise/settings/sending",
    tag: "Settings",
    summary: "The organization's defaults for new drafts: expiry in days, the reminder schedule, time zone and date format",
    success: { status: 200, description: "The defaults", data: zSendingDefaults },
    errors: [],
  }),
  updateSendingDefaults: defineOperation({
    method: "PATCH",
    path: "/api/v1/enterprise/settings/sending",
    tag: "Settings",
    summary: "Change the organization's defaults for new drafts (a production key, or an admin in the dashboard)",
    description:
      "`expiryDays` (1–365; null: the server's EXPIRY_DAYS), `reminders` ({ firstAfterDays, everyDays, max } or null: " +
      "none), `timezone` (an IANA zone; an unknown one is a 400 VALIDATION_FAILED that changes nothing) and `dateFormat`. They apply to drafts made afterwards, in both environments; existing requests keep theirs. A sandbox key " +
      "or a dashboard member: 403 ADMIN_REQUIRED.",
    body: zUpdateSendingDefaults,
    success: { status: 200, description: "The defaults as changed", data: zSendingDefaults },
    errors: [],
  }),
};
