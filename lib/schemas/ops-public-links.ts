import { zIdParams } from "./common";
import { defineOperation } from "./operation";
import {
  zConfirmVisit,
  zCreatePublicLink,
  zPublicLink,
  zPublicLinkList,
  zPublicLinkParams,
  zPublicLinkView,
  zQrQuery,
  zSlugParams,
  zStartVisit,
  zUpdatePublicLink,
  zVisitParams,
  zVisitResult,
} from "./public-links";

const LINKS = "/api/v1/enterprise/templates/{id}/public-links";
const PUBLIC = "/api/public/{slug}";

const SETTINGS =
  "name (default: the template's), role (the role the visitor takes, by name, sN or id; default: the first), " +
  "people ({ role: { name, email } }: the other roles fixed on the link; a role left out is named by the visitor), " +
  "accessCode (6–64 characters, never returned; null: none), expiresAt (ISO 8601, in the future; null: never), " +
  "quota { total?, perDay? } (requests started; per day in UTC; null: no limit), oncePerEmail, confirmEmail (a code is mailed to the visitor, who gives it before anything is made).";

export const publicLinkOps = {
  createPublicLink: defineOperation({
    method: "POST",
    path: LINKS,
    tag: "Public links",
    summary: "Make a public link of a template: anyone who opens it starts a request from it, taking one role",
    description: `Body (every key optional): ${SETTINGS} A role named twice, a role the template does not have, or the visitor's own role in people: 422.`,
    params: zIdParams,
    body: zCreatePublicLink,
    bodyOptional: true,
    success: { status: 201, description: "The link", data: zPublicLink },
    errors: [422],
  }),
  listPublicLinks: defineOperation({
    method: "GET",
    path: LINKS,
    tag: "Public links",
    summary: "The template's public links, newest first, revoked ones included, with their counts",
    params: zIdParams,
    success: { status: 200, description: "The links", data: zPublicLinkList },
    errors: [],
  }),
  getPublicLink: defineOperation({
    method: "GET",
    path: `${LINKS}/{linkId}`,
    tag: "Public links",
    summary: "One public link, with its counts (visits, requests started, started today, completed)",
    params: zPublicLinkParams,
    success: { status: 200, description: "The link", data: zPublicLink },
    errors: [],
  }),
  updatePublicLink: defineOperation({
    method: "PATCH",
    path: `${LINKS}/{linkId}`,
    tag: "Public links",
    summary: "Change a link's settings, or pause (status PAUSED) and resume (ACTIVE) it",
    description: `Body: any of ${SETTINGS} and status (ACTIVE | PAUSED). A revoked link changes no more: 410 PUBLIC_LINK_REVOKED.`,
    params: zPublicLinkParams,
    body: zUpdatePublicLink,
    success: { status: 200, description: "The link as it now is", data: zPublicLink },
    errors: [410, 422],
  }),
  revokePublicLink: defineOperation({
    method: "DELETE",
    path: `${LINKS}/{linkId}`,
    tag: "Public links",
    summary: "Revoke a link for good: its page answers 410 and serves nothing; the requests it started go on",
    params: zPublicLinkParams,
    success: { status: 200, description: "The revoked link", data: zPublicLink },
    errors: [],
  }),
  publicLinkQr: defineOperation({
    method: "GET",
    path: `${LINKS}/{linkId}/qr`,
    tag: "Public links",
    summary: "The link's QR code to print: PNG (default, 1024 px) or ?format=svg",
    params: zPublicLinkParams,
    query: zQrQuery,
    success: { status: 200, description: "The QR code of the link's url", content: ["image/png", "image/svg+xml"] },
    errors: [],
  }),

  viewPublicLink: defineOperation({
    method: "GET",
    path: PUBLIC,
    tag: "Public links (visitors)",
    summary:
      "What a public link's page shows: the template's name, the visitor's role, who else they must name, and what they must give",
    description:
      "No key: the slug is the link. 404 PUBLIC_LINK_NOT_FOUND (unknown, or its template deleted); 410 PUBLIC_LINK_REVOKED / PUBLIC_LINK_EXPIRED; 409 PUBLIC_LINK_PAUSED; 409 PUBLIC_LINK_QUOTA_REACHED when its total quota is used up. Limited per address and per link (429). Counts a visit.",
    params: zSlugParams,
    public: true,
    success: { status: 200, description: "The link", data: zPublicLinkView },
    errors: [404, 409, 410, 429],
  }),
  startVisit: defineOperation({
    method: "POST",
    path: `${PUBLIC}/visits`,
    tag: "Public links (visitors)",
    summary:
      "Start: the visitor's name and e-mail (and the people the link leaves to them); the request is made and sent, or a code is mailed first",
    description:
      "Body { name, email, people?: { sN: { name, email } }, accessCode?, locale? }. Without confirmEmail: 201, the request made from the template and sent, " +
      "the visitor its recipient in the link's role (signingUrl: their page when it is their turn now; they are mailed their link too, to come back). " +
      "With confirmEmail: 202 CONFIRMING and a 6-digit code mailed; POST …/visits/{visitId}/confirm. " +
      "Refusals: 401 PUBLIC_LINK_CODE_WRONG (the access code), 409 PUBLIC_LINK_QUOTA_REACHED / PUBLIC_LINK_ALREADY_USED (oncePerEmail), 429 with Retry-After for the day's quota or the rate limits, 422 for a person missing or given for a role the link fixes.",
    params: zSlugParams,
    body: zStartVisit,
    public: true,
    success: { status: 201, description: "Started", data: zVisitResult },
    otherSuccesses: [{ status: 202, description: "A code was mailed to the visitor", data: zVisitResult }],
    errors: [401, 404, 409, 410, 422, 429],
  }),
  confirmVisit: defineOperation({
    method: "POST",
    path: `${PUBLIC}/visits/{visitId}/confirm`,
    tag: "Public links (visitors)",
    summary: "Give the code mailed to the visitor: the request is made and sent",
    description:
      "Body { code }. Wrong: 401 PUBLIC_LINK_CODE_WRONG (details.attemptsLeft); the fifth wrong code, or a code over 15 minutes old, ends the visit (410 PUBLIC_VISIT_ENDED: start again). The quota and oncePerEmail are judged now.",
    params: zVisitParams,
    body: zConfirmVisit,
    public: true,
    success: { status: 201, description: "Started", data: zVisitResult },
    errors: [401, 404, 409, 410, 422, 429],
  }),
};
