import "server-only";
import { translator } from "@/lib/i18n/catalogs";
import { defaultLocale, toLocale, type Locale } from "@/lib/i18n/locales";
import type { CertificateLabels } from "@/lib/pdf/seal";
import { PADES_LEVELS } from "@/lib/pdf/seal/levels";
import { formatEventTime } from "@/lib/dates/zoned";
import type { DateFormat } from "@/lib/schemas/states";

/**
 * The certificate's language: the request's `locale`, else the first signer's (the lowest
 * order among SIGNERs, then APPROVERs), else English. One document for everyone, so one language: the
 * request's says it for all; without it, the first person asked to sign is the likeliest reader.
 */
export function certificateLocale(
  req: { locale: string | null },
  recipients: { role: string; order: number; locale: string | null; pageLocale?: string | null }[],
): Locale {
  const first = [...recipients]
    .filter((r) => r.role === "SIGNER" || r.role === "APPROVER")
    .sort((a, b) => (a.role === b.role ? a.order - b.order : a.role === "SIGNER" ? -1 : 1))[0];
  // The first signer's: the language their page was shown in (they read the document in it), else theirs.
  return toLocale(req.locale) ?? toLocale(first?.pageLocale) ?? toLocale(first?.locale) ?? defaultLocale;
}

// What only the engine knows (a time, a count, a page) stays a `{name}` mark for it to fill in: ICU
// prints a value as given, so "{time}" passed as the value of {time} comes out as the mark itself.
const marks = <const K extends string>(...names: K[]) => Object.fromEntries(names.map((n) => [n, `{${n}}`])) as Record<K, string>;

/** The certificate's words in `locale`, from the catalogs, for the engine (lib/pdf/seal/certificate.ts). */
export function certificateLabels(locale: Locale = defaultLocale): CertificateLabels {
  const t = translator(locale, "certificate");
  return {
    title: t("title"),
    sealedOn: t("sealedOn", marks("time")),
    sentBy: t("sentBy", marks("who", "time")),
    sentFrom: t("sentFrom", marks("ip")),
    startedFrom: t("startedFrom", marks("who", "link")),
    emailConfirmed: t("emailConfirmed"),
    emailNotConfirmed: t("emailNotConfirmed"),
    organization: t("organization"),
    requestId: t("requestId"),
    environment: t("environment"),
    environments: { PRODUCTION: t("environments.PRODUCTION"), SANDBOX: t("environments.SANDBOX") },
    timeZone: t("timeZone"),
    timeZoneNote: t("timeZoneNote", marks("zone")),
    document: t("document"),
    originalSha256: t("originalSha256"),
    uploadedSha256: t("uploadedSha256"),
    sentSha256: t("sentSha256"),
    sealedSha256: t("sealedSha256"),
    sealedLength: t("sealedLength"),
    bytes: pluralForms(locale, (count) => t("bytes", { count })),
    sealedContentNote: t("sealedContentNote", marks("length", "command")),
    seal: t("seal"),
    sealingCertificate: t("sealingCertificate"),
    fingerprint: t("fingerprint"),
    padesLevel: t("padesLevel"),
    levels: Object.fromEntries(PADES_LEVELS.map((l) => [l, t(`levels.${l}`)])) as CertificateLabels["levels"],
    timestampAuthority: t("timestampAuthority"),
    timestampNote: t("timestampNote", marks("authority")),
    tsaClock: t("tsaClock", marks("time")),
    recipients: t("recipients", marks("count")),
    order: t("order"),
    roles: { SIGNER: t("roles.SIGNER"), APPROVER: t("roles.APPROVER"), VIEWER: t("roles.VIEWER") },
    identifiedBy: t("identifiedBy"),
    onBehalfOf: t("onBehalfOf", marks("name", "time", "reason")),
    groupMember: t("groupMember", marks("group", "required", "size")),
    releasedAt: t("releasedAt"),
    sentAt: t("sentAt"),
    signedAt: t("signedAt"),
    approvedAt: t("approvedAt"),
    viewedAt: t("viewedAt"),
    receivedCopyAt: t("receivedCopyAt"),
    receivedCopyValue: t("receivedCopyValue", marks("time")),
    signature: t("signature"),
    initials: t("initials"),
    ipAddress: t("ipAddress"),
    userAgent: t("userAgent"),
    browserOn: t("browserOn", marks("browser", "os")),
    footer: t("footer", marks("id", "page", "total")),
    documentsOfRequest: t("documentsOfRequest"),
    pageCount: pluralForms(locale, (count) => t("pageCount", { count })),
    thisDocument: t("thisDocument"),
    attachments: t("attachments"),
    attachment: t("attachment", marks("name", "size", "recipient", "field")),
    skippedFields: t("skippedFields"),
    skippedField: t("skippedField", marks("field", "recipient", "page")),
    // The words the signing page's sandbox banner says, so a German certificate is not under an English line.
    sandboxLine: translator(locale, "signing")("screen.sandbox"),
  };
}

/**
 * A plural message as one template per category a whole number takes in `locale` ("{count} bajty" for
 * few, "{count} bajtów" for many): the engine measures the number and picks the form with
 * Intl.PluralRules. Each form is the catalog's message for a number of that category, the number
 * (below 1000: no grouping) then marked.
 */
function pluralForms(locale: Locale, format: (n: number) => string): CertificateLabels["bytes" | "pageCount"] {
  const rules = new Intl.PluralRules(locale);
  const forms: Partial<Record<Intl.LDMLPluralRule, string>> = {};
  for (let n = 0; n < 1000; n++) {
    const category = rules.select(n);
    forms[category] ??= format(n).replace(String(n), "{count}");
  }
  return { ...forms, other: forms.other ?? forms.many ?? format(1000).replace("1000", "{count}") };
}

/**
 * How a recipient was identified, in the certificate's language: everyone by the link mailed to them
 * (or the sender's application, embedded), and a signer with authentication also by the code they gave
 * (when, from the audit event that says so, in the request's zone).
 */
export function identificationOf(
  r: { id: string; role: string; authMethod: string; delivery: string },
  events: { type: string; actor: string; createdAt: Date }[],
  o: { timeZone: string; locale: Locale; dateFormat?: DateFormat },
): string {
  const t = translator(o.locale, "certificate");
  const time = (at: Date) => formatEventTime(at, o);
  const parts = [r.delivery === "EMBEDDED" ? t("embeddedLink") : t("emailLink")];
  const verified = (type: string) => events.filter((e) => e.type === type && e.actor === `recipient:${r.id}`).at(-1)?.createdAt;
  if (r.authMethod === "ACCESS_CODE") {
    const at = verified("recipient.access_code.verified");
    parts.push(at ? t("accessCodeGiven", { time: time(at) }) : t("accessCodeNever"));
  } else if (r.authMethod === "EMAIL_CODE") {
    const at = verified("recipient.email_code.verified");
    parts.push(at ? t("emailCodeGiven", { time: time(at) }) : t("emailCodeNever"));
  }
  return parts.join("; ");
}
