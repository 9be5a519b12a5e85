import { z } from "zod";
import { locales } from "@/lib/i18n/locales";
import { PUBLIC_LINK_STATUSES } from "./states";
import { zAccessCode, zRecipientName } from "./requests";
import { visibleText } from "./text";

/** A public link's own name (what staff call it; the certificate and the list name it): 1–200 characters, one line. */
const zLinkName = z
  .string({ error: "name must be a string" })
  .trim()
  .min(1, { error: "name must not be empty" })
  .max(200, { error: "name is at most 200 characters" })
  .superRefine(visibleText("name"));

const zEmail = z.email({ error: "email must be a valid e-mail address" }).max(320);
/** A person who takes a role: the one a link fixes, or one the visitor names. */
export const zPerson = z.object({ name: zRecipientName, email: zEmail }, { error: "a person is { name, email }" });

/** A role of the template, as a body names it: its name (any case), its sN, or its id. */
const zRoleRef = z
  .string({ error: "a role is named by its name, its sN or its id" })
  .trim()
  .min(1, { error: "a role is named by its name, its sN or its id" })
  .max(200);

const quotaCount = (what: string) =>
  z
    .number({ error: `${what} must be a whole number from 1 to 1000000, or null` })
    .int({ error: `${what} must be a whole number from 1 to 1000000, or null` })
    .min(1, { error: `${what} must be a whole number from 1 to 1000000, or null` })
    .max(1_000_000, { error: `${what} must be a whole number from 1 to 1000000, or null` })
    .nullable();

const linkSettings = {
  name: zLinkName,
  /** The role the visitor takes (default: the template's first role). */
  role: zRoleRef,
  /** The other roles' people, fixed by staff: by role (name, sN or id). A role left out is named by the visitor. */
  people: z.record(zRoleRef, zPerson, { error: "people maps a role (name, sN or id) to { name, email }" }),
  /** A code every visitor must give before anything is made (6–64 characters); null: none. */
  accessCode: zAccessCode.nullable(),
  /** When the link stops taking visitors (ISO 8601, in the future); null: never. */
  expiresAt: z.iso
    .datetime({ offset: true, error: "expiresAt must be an ISO 8601 date-time with its offset, or null" })
    .nullable(),
  quota: z.object(
    { total: quotaCount("quota.total").optional(), perDay: quotaCount("quota.perDay").optional() },
    { error: "quota is { total?, perDay? }" },
  ),
  /** A second request from the same e-mail address is refused. */
  oncePerEmail: z.boolean({ error: "oncePerEmail must be true or false" }),
  /** The visitor must give the code mailed to their address before the request is made. */
  confirmEmail: z.boolean({ error: "confirmEmail must be true or false" }),
};

export const zCreatePublicLink = z.object({
  ...linkSettings,
  name: linkSettings.name.optional(),
  role: linkSettings.role.optional(),
  people: linkSettings.people.optional(),
  accessCode: linkSettings.accessCode.optional(),
  expiresAt: linkSettings.expiresAt.optional(),
  quota: linkSettings.quota.optional(),
  oncePerEmail: linkSettings.oncePerEmail.optional(),
  confirmEmail: linkSettings.confirmEmail.optional(),
});
export type CreatePublicLink = z.infer<typeof zCreatePublicLink>;

export const zUpdatePublicLink = z
  .strictObject({
    ...zCreatePublicLink.shape,
    /** ACTIVE or PAUSED (a paused link answers that it is paused); revoking is DELETE, for good. */
    status: z.enum(["ACTIVE", "PAUSED"], { error: "status is ACTIVE or PAUSED (revoke with DELETE)" }).optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { error: "Give at least one setting to change" });
export type UpdatePublicLink = z.infer<typeof zUpdatePublicLink>;

export const zPublicLinkParams = z.object({ id: z.string(), linkId: z.string() });
export const zQrQuery = z.object({
  format: z.enum(["png", "svg"], { error: "format is png or svg" }).default("png"),
});

const zRoleDto = z.object({ id: z.uuid(), name: z.string(), signerRef: z.string() });
export const zPublicLink = z.object({
  id: z.uuid(),
  templateId: z.uuid(),
  name: z.string(),
  slug: z.string(),
  /** The page a visitor opens (and the QR code says). */
  url: z.string(),
  /** The QR code of `url`, to print: PNG and SVG (this API, with the key). */
  qr: z.object({ png: z.string(), svg: z.string() }),
  status: z.enum(PUBLIC_LINK_STATUSES),
  role: zRoleDto,
  /** Every other role of the template: the person fixed on the link, or null when the visitor names them. */
  people: z.array(zRoleDto.extend({ fixed: z.object({ name: z.string(), email: z.string() }).nullable() })),
  accessCode: z.boolean().describe("Visitors must give a code (never returned)"),
  expiresAt: z.string().nullable(),
  quota: z.object({ total: z.number().int().nullable(), perDay: z.number().int().nullable() }),
  oncePerEmail: z.boolean(),
  confirmEmail: z.boolean(),
  counts: z.object({
    /** Times the page was opened. */
    visits: z.number().int(),
    /** Requests started from the link (all time, and today in UTC). */
    started: z.number().int(),
    startedToday: z.number().int(),
    completed: z.number().int(),
  }),
  createdAt: z.string(),
  updatedAt: z.string(),
  revokedAt: z.string().nullable(),
});
export type PublicLinkDto = z.infer<typeof zPublicLink>;
export const zPublicLinkList = z.object({ items: z.array(zPublicLink) });

// The visitor's side (public, by slug)
export const zSlugParams = z.object({ slug: z.string() });
export const zVisitParams = z.object({ slug: z.string(), visitId: z.string() });

/** What the visitor's page shows before anything is made. */
export const zPublicLinkView = z.object({
  name: z.string(),
  /** The template's name: the title of the request a visitor starts. */
  title: z.string(),
  organization: z.string().nullable(),
  sandbox: z.boolean(),
  /** The role the visitor takes. */
  role: z.string(),
  /** The roles whose people the visitor names, in signing order (sN: the key of `people` in the start body). */
  others: z.array(z.object({ ref: z.string(), name: z.string() })),
  accessCode: z.boolean(),
  confirmEmail: z.boolean(),
  /** The organization's brand for signers (name, accent, logo, footer, support address); null: Signet's look. */
  brand: z
    .object({
      name: z.string(),
      accent: z.string().nullable(),
      logoUrl: z.string().nullable(),
      footer: z.string().nullable(),
      supportEmail: z.string().nullable(),
    })
    .nullable(),
});

export const zStartVisit = z.object({
  name: zRecipientName,
  email: zEmail,
  /** The people of the roles the link leaves to the visitor, by the `ref` the view gives (sN). */
  people: z.record(z.string().max(20), zPerson, { error: "people maps a role's ref (sN) to { name, email }" }).optional(),
  accessCode: z.string({ error: "accessCode must be a string" }).max(64).optional(),
  /** The page's language: the visitor's request, mails and signing page speak it. */
  locale: z.enum(locales, { error: `locale is one of ${locales.join(", ")}` }).optional(),
});
export type StartVisit = z.infer<typeof zStartVisit>;

export const zConfirmVisit = z.object({
  code: z
    .string({ error: "code is the 6 digits mailed to you" })
    .trim()
    .regex(/^\d{6}$/, { error: "code is the 6 digits mailed to you" }),
});

export const zVisitResult = z.object({
  visitId: z.uuid(),
  /** CONFIRMING: a code was mailed, give it to POST …/confirm; STARTED: the request is made and sent. */
  status: z.enum(["CONFIRMING", "STARTED"]),
  /** The visitor's signing page, when it is their turn now (else they are mailed when it comes); null while CONFIRMING. */
  signingUrl: z.string().nullable(),
});
