/**
 * The certificate of completion appended to a sealed document, written for a person to read
 *: the request, then one block per recipient in signing order (name, e-mail, role, how
 * they were identified, their signature and initials as they made them, when they were sent the
 * document, viewed it and signed it, the address and browser they signed from), then the hashes that
 * tie the record to the document and the seal. Times to the second in the request's zone with its
 * offset, then in UTC. No internal ids or event codes: the audit trail (GET …/audit) keeps every event.
 * Four recipients fit on one A4 page; more flow onto further pages, a block never split. DejaVu Sans,
 * so every character (names in any script) is drawn and `pdftotext` reads it back.
 *
 * The two hashes:
 * - original: SHA-256 of the document as first uploaded (the caller knows it; by default the
 *   input of sealing).
 * - sealed content: SHA-256 of the document after every value was drawn and the anchor text
 *   removed, before the certificate and the signature were added. Those two are appended as an
 *   incremental update, so the sealed content is exactly the first `sealedContentLength` bytes
 *   of the sealed file, and anyone can check it: `head -c <length> sealed.pdf | sha256sum`.
 *   (The sealed file's own hash cannot be printed inside it.)
 */
import crypto from "node:crypto";
import type { PDFDocument, PDFImage } from "@cantoo/pdf-lib";
import { formatEventTime } from "../../dates/zoned";
import type { DateFormat } from "../../schemas/states";
import { parseUserAgent } from "../../user-agent";
import { loadPdf } from "../load";
import { drawImage, drawSandboxLine, drawTyped, SANDBOX_LINE, SealMarks, type SignerMark } from "./draw-values";
import { drawable, embedSealFont, finishSealFonts, wrapText, type SealFont } from "./fonts";
import { snapshotObjects, writeIncrementalUpdate } from "./incremental";
import { fmt, Inks, type PageInk, type Rgb } from "./ink";
import { PADES_LEVEL_TEXT, type PadesLevel } from "./levels";
import { CERTIFICATE_PAGE_SIZE } from "./certificate-page";
import { stepNumbers } from "../../schemas/steps";

export interface CertificateRecipient {
  name: string;
  email: string;
  role: string;
  order: number;
  /** ISO 8601: when the invitation went out (none for a recipient the sender's application embeds). */
  sentAt?: string;
  /** ISO 8601: when they first opened the document. */
  viewedAt?: string;
  /**
   * ISO 8601: when they finished their turn, as their role asks: a SIGNER signed, an APPROVER
   * approved, a VIEWER viewed (printed "Signed at", "Approved at", "Viewed at"). A CC takes no turn:
   * their line says they received a copy at sealing.
   */
  signedAt?: string;
  /** The address and browser (the User-Agent header as received) of that act. */
  ip?: string;
  userAgent?: string;
  /** How the signer was identified ("e-mail link", "access code (given …)"): printed as "Identified by". */
  identification?: string;
  /** Their signature and initials as they made them (drawn, uploaded or typed), shown beside their block. */
  signature?: SignerMark;
  initials?: SignerMark;
  /** The person who handed this turn over to them (delegation): who, when (ISO 8601), why. */
  onBehalfOf?: { name: string; email: string; at: string; reason: string };
  /** The signing group they are a member of: its name, how many of its members sign, how many it has. */
  group?: { name: string; required: number; size: number };
  /** ISO 8601: a group's member whose signature was no longer needed, since when (instead of "Signed at"). */
  releasedAt?: string;
}

export interface CertificateData {
  requestId: string;
  title: string;
  /** The organization that sent it (named in the certificate's neutral layout). */
  organization?: string;
  environment: string;
  recipients: CertificateRecipient[];
  /** SHA-256 (hex) of the document as first stored: the uploaded file in its one reading (lib/pdf/canonical.ts). */
  originalSha256: string;
  /** SHA-256 (hex) of the file as it was uploaded, when storing it in one reading changed its bytes. */
  uploadedSha256?: string;
  /** SHA-256 (hex) of the document as sent for signing, when it differs from the original (stamped, text replaced). */
  documentSha256?: string;
  /** SHA-256 (hex) and byte length of the sealed content; appendCertificatePage computes them from its input when absent. */
  sealedContentSha256?: string;
  sealedContentLength?: number;
  /** ISO 8601; default now. */
  sealedAt?: string;
  /** Who sent the request for signing (the audit trail's `request.sent`): as staff or a key are named there, when, from where. */
  sentBy?: { who: string; at: string; ip?: string | null };
  /** A request a visitor started from a template's public link: the link's name, the visitor, and whether their address was confirmed by a code. */
  startedFrom?: { link: string; who: string; emailConfirmed: boolean };
  /**
   * The request's IANA time zone: every time is printed in it with its offset, to the second, and
   * as the UTC instant ("2026-11-26 08:30:05 +09:00 (2026-11-25 23:30:05 UTC)"). Default UTC.
   */
  timeZone?: string;
  /** The request's date format: the local days are written so; the UTC part stays ISO 8601. */
  dateFormat?: DateFormat;
  /** The certificate's language, for the order of the local date and time (lib/dates/zoned.ts); default en. */
  locale?: string;
  /** The certificate's words in that language, translated by the server; default English. */
  labels?: CertificateLabels;
  /** The seal itself: sealDocument fills it in from the signing certificate and the level. */
  seal?: CertificateSeal;
  /**
   * A request of several documents: each, in order, with its name, pages and original SHA-256 (every document
   * is sealed as its own PDF, and each one's certificate names them all). `current` is this one's place (0-based).
   * Absent for a one-document request.
   */
  documents?: { list: CertificateDocument[]; current: number };
  /** Fields their conditions hid when the request was signed (lib/forms): no value, so nothing was drawn. */
  skipped?: CertificateSkippedField[];
  /** Files signers attached, embedded in this PDF (sealDocument fills it in from what it embedded). */
  attachments?: CertificateAttachment[];
}

/** A file embedded in the sealed PDF: its name there, size, SHA-256, who attached it and to which field. */
export interface CertificateAttachment {
  name: string;
  size: number;
  sha256: string;
  recipient: string;
  field: string;
}

/** A field a rule skipped: its name as the sender gave it, whose it was, and where it stands. */
export interface CertificateSkippedField {
  field: string;
  recipient: string;
  page: number;
  /** Its document's name, in a request of several documents. */
  document?: string;
}

/** One document of a request, as the certificate lists it. */
export interface CertificateDocument {
  name: string;
  pageCount: number;
  originalSha256: string;
}

export interface CertificateSeal {
  /** The sealing certificate's subject ("CN=…, O=…") and the SHA-256 of its DER (hex). */
  certificateSubject: string;
  certificateSha256: string;
  level: PadesLevel;
  /** The timestamp authority's name (from its certificate), when the seal is timestamped. */
  timestampAuthority?: string;
  /** ISO 8601: the authority's time when it answered at the start of sealing (not the signature's timestamp). */
  timestampAuthorityCheckedAt?: string;
}

export { CERTIFICATE_PAGE_SIZE } from "./certificate-page";

/**
 * The certificate's words. The engine translates nothing: the server hands it these, from
 * lib/i18n's catalogs (lib/server/signing/certificate-labels.ts). `{name}` marks a value only the engine
 * knows (a time it formats, a length it measures, a page number), filled in by `fill`.
 */
export interface CertificateLabels {
  title: string;
  /** {time} */
  sealedOn: string;
  /** {who}, {time} */
  sentBy: string;
  /** {ip} */
  sentFrom: string;
  /** {who}, {link} */
  startedFrom: string;
  emailConfirmed: string;
  emailNotConfirmed: string;
  organization?: string;
  requestId: string;
  environment: string;
  /** The words for PRODUCTION and SANDBOX. */
  environments: Record<string, string>;
  timeZone: string;
  /** {zone} */
  timeZoneNote: string;
  document: string;
  originalSha256: string;
  uploadedSha256: string;
  sentSha256: string;
  sealedSha256: string;
  sealedLength: string;
  /** {count}, one per plural category of the language that a whole number can take (`other` at least). */
  bytes: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
  /** {length}, {command} */
  sealedContentNote: string;
  seal: string;
  sealingCertificate: string;
  fingerprint: string;
  padesLevel: string;
  levels: Record<PadesLevel, string>;
  timestampAuthority: string;
  /** {authority} */
  timestampNote: string;
  /** {time} */
  tsaClock: string;
  /** {count} */
  recipients: string;
  order: string;
  /** The words for SIGNER, APPROVER and VIEWER (a CC's line says what they received). */
  roles: Record<string, string>;
  identifiedBy: string;
  /** {name}, {time}, {reason} */
  onBehalfOf: string;
  /** {group}, {required}, {size} */
  groupMember: string;
  releasedAt: string;
  sentAt: string;
  signedAt: string;
  approvedAt: string;
  viewedAt: string;
  receivedCopyAt: string;
  /** {time} */
  receivedCopyValue: string;
  signature: string;
  initials: string;
  ipAddress: string;
  userAgent: string;
  /** {browser}, {os}: "Chrome 131 on Windows" (lib/user-agent.ts names them). */
  browserOn: string;
  /** {id}, {page}, {total} */
  footer: string;
  /** The heading over a request's documents (several documents only). */
  documentsOfRequest: string;
  /** {count}, one per plural category, as `bytes`. */
  pageCount: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
  /** Marks the document the certificate is part of, in that list. */
  thisDocument: string;
  /** The heading over the files embedded in the PDF. */
  attachments: string;
  /** {name}, {size}, {recipient}, {field}: one embedded file (its SHA-256 follows on its own line). */
  attachment: string;
  /** The heading over the fields their conditions skipped. */
  skippedFields: string;
  /** {field}, {recipient}, {page}: one skipped field. */
  skippedField: string;
  /** The sandbox line over every page of a sandbox document, in the certificate's language (SANDBOX_LINE in English). */
  sandboxLine: string;
}

/** The English words, when the caller gives none (lib/i18n/messages/en.json says the same: a test holds them together). */
export const ENGLISH_CERTIFICATE_LABELS: CertificateLabels = {
  title: "Certificate of completion",
  sealedOn: "Sealed by Signet on {time}",
  sentBy: "Sent for signing by {who} on {time}",
  sentFrom: "from {ip}",
  startedFrom: "Started by {who} from the public link “{link}”",
  emailConfirmed: "(e-mail address confirmed by a code)",
  emailNotConfirmed: "(e-mail address not confirmed)",
  organization: "Organization",
  requestId: "Request ID",
  environment: "Environment",
  environments: { PRODUCTION: "Production", SANDBOX: "Sandbox" },
  timeZone: "Time zone",
  timeZoneNote: "{zone} (each time in this zone, then in UTC)",
  document: "Document",
  originalSha256: "Original document SHA-256",
  uploadedSha256: "File as uploaded SHA-256",
  sentSha256: "Document as sent for signing SHA-256",
  sealedSha256: "Sealed content SHA-256",
  sealedLength: "Sealed content length",
  bytes: { one: "{count} byte", other: "{count} bytes" },
  sealedContentNote:
    "The sealed content is the document with every value drawn, before this certificate and the digital signature were appended: the first {length} bytes of this file. Check it with: {command}",
  seal: "Seal",
  sealingCertificate: "Sealing certificate",
  fingerprint: "Sealing certificate SHA-256 fingerprint",
  padesLevel: "PAdES level",
  levels: PADES_LEVEL_TEXT,
  timestampAuthority: "Timestamp authority",
  timestampNote: "Timestamp: from {authority} at sealing; the exact time is inside the signature.",
  tsaClock: "The authority's clock read {time} when sealing began.",
  recipients: "Recipients ({count})",
  order: "Order",
  roles: { SIGNER: "Signer", APPROVER: "Approver", VIEWER: "Viewer" },
  identifiedBy: "Identified by",
  onBehalfOf: "On behalf of {name}, who handed it over on {time}: “{reason}”",
  groupMember: "Signing group “{group}”: {required} of {size} sign",
  releasedAt: "No longer needed at",
  sentAt: "Sent at",
  signedAt: "Signed at",
  approvedAt: "Approved at",
  viewedAt: "Viewed at",
  receivedCopyAt: "Received a copy at",
  receivedCopyValue: "{time} (the sealed PDF, by e-mail)",
  signature: "Signature",
  initials: "Initials",
  ipAddress: "IP address",
  userAgent: "User agent",
  browserOn: "{browser} on {os}",
  footer: "Signet certificate of completion · request {id} · page {page} of {total}",
  documentsOfRequest: "Documents of this request",
  pageCount: { one: "{count} page", other: "{count} pages" },
  thisDocument: "this document",
  attachments: "Files attached by signers (embedded in this PDF)",
  attachment: "{name} · {size} · attached by {recipient} to {field}",
  skippedFields: "Fields skipped by their conditions",
  skippedField: "{field} ({recipient}), page {page}: not shown, so left empty",
  sandboxLine: SANDBOX_LINE,
};

/** A label with its `{name}` marks filled in. */
const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (m, name: string) => (name in values ? String(values[name]) : m));

const PAGE = CERTIFICATE_PAGE_SIZE;
const LEFT = 45;
const WIDTH = PAGE.width - 2 * LEFT;
const TOP = 30;
/** The content ends this far above the page's bottom edge; the footer is below. */
const BOTTOM = 46;
/** Line height as a multiple of the font size. */
const LEAD = 1.25;
/** Small print: table rows, the e-mail, notes. */
const SMALL = 7.5;

/** The box for a signature, the one for initials, and their captions (drawn images are scaled into them). */
const SIGNATURE_BOX = { width: 160, height: 42 };
const INITIALS_BOX = { width: 72, height: 26 };
const CAPTION = 6.5;
const MARK_COLUMN = SIGNATURE_BOX.width;
const COLUMN_GAP = 16;

const BLACK: Rgb = [0, 0, 0];
const GREY: Rgb = [0.38, 0.38, 0.38];
const ACCENT: Rgb = [0.1, 0.2, 0.45];
const RULE: Rgb = [0.78, 0.8, 0.84];

/** What a part of the page needs to draw itself. */
interface Painter {
  ink: PageInk;
  font: SealFont;
  script?: SealFont;
  images: Map<Uint8Array, PDFImage>;
}

/** A part of the page that is never split: its height, and how to draw it with its top `top` points below the page's top. */
interface Piece {
  height: number;
  draw(p: Painter, top: number): void;
}

/** A piece in the flow of pages: the room above it, and whether it goes to the next page with what follows (a heading). */
interface Block extends Piece {
  gap: number;
  keepWithNext?: boolean;
}

/** Empty room of `height` points. */
const space = (height: number): Piece => ({ height, draw: () => {} });
const NOTHING = space(0);

/** A table row: its label, and its value (a row without one is left out). */
type Row = [label: string, value: string | undefined];
const withValues = (rows: Row[]) => rows.filter((r): r is [string, string] => !!r[1]);

/** Wrapped text in `width` from `x`: each line of `size`, one after the other. */
function para(font: SealFont, text: string, o: { x: number; width: number; size: number; color?: Rgb }): Piece {
  const lines = wrapText(font, drawable(font, text), o.size, o.width);
  return {
    height: lines.length * o.size * LEAD,
    draw: (p, top) =>
      lines.forEach((l, i) => {
        // The baseline sits so that ascent and descent are centred in the line's height.
        const baseline =
          top + i * o.size * LEAD + (o.size * LEAD - (font.ascent - font.descent) * o.size) / 2 + font.ascent * o.size;
        if (l) p.ink.text(font, l, o.size, o.x, PAGE.height - baseline, o.color ?? BLACK);
      }),
  };
}

/** Pieces one under the other, `gap` apart. */
function stack(pieces: Piece[], gap = 0): Piece {
  const shown = pieces.filter((x) => x.height > 0);
  return {
    height: shown.reduce((h, x) => h + x.height, 0) + gap * Math.max(0, shown.length - 1),
    draw: (p, top) => {
      let y = top;
      for (const x of shown) {
        x.draw(p, y);
        y += x.height + gap;
      }
    },
  };
}

/** Pieces side by side, each at its own top. */
function beside(...pieces: Piece[]): Piece {
  return { height: Math.max(0, ...pieces.map((x) => x.height)), draw: (p, top) => pieces.forEach((x) => x.draw(p, top)) };
}

/** A label in grey and its value, in two columns; either wraps in its own column. */
function row(font: SealFont, label: string, value: string, o: { x: number; width: number; labelWidth: number }): Piece {
  return beside(
    para(font, label, { x: o.x, width: o.labelWidth - 6, size: SMALL, color: GREY }),
    para(font, value, { x: o.x + o.labelWidth, width: o.width - o.labelWidth, size: SMALL }),
  );
}

/** A table's label column: as wide as its widest label, between `min` and `max`. */
const labelColumn = (font: SealFont, labels: string[], min: number, max: number) =>
  Math.min(max, Math.max(min, ...labels.map((l) => font.width(drawable(font, l), SMALL) + 8)));

/** `text` on one line of `width`, cut with an ellipsis when longer. */
function oneLine(font: SealFont, text: string, size: number, width: number): string {
  const shown = drawable(font, text.replace(/\s+/g, " ").trim());
  if (font.width(shown, size) <= width) return shown;
  const chars = [...shown];
  while (chars.length > 1 && font.width(`${chars.join("").trimEnd()}…`, size) > width) chars.pop();
  return `${chars.join("").trimEnd()}…`;
}

/** A horizontal hairline across `width` from `x`, `top` below the page's top. */
const hairline = (ink: PageInk, x: number, top: number, width: number) => ink.rect(x, PAGE.height - top, width, 0.5, RULE);

/** A signature or initials as made, scaled into its box with a thin frame, the caption under it. */
function markBox(mark: SignerMark, caption: string, box: { width: number; height: number }, x: number): Piece {
  return {
    height: box.height + CAPTION * LEAD + 2,
    draw: (p, top) => {
      const bottom = PAGE.height - top - box.height;
      p.ink.path(`${fmt(x)} ${fmt(bottom)} ${fmt(box.width)} ${fmt(box.height)} re`, { stroke: RULE, width: 0.5 });
      // The box in the page's displayed coordinates (from the top), as draw-values places a field's value.
      const inner = { page: 0, x: x + 4, y: top + 3, width: box.width - 8, height: box.height - 6 };
      if (mark.kind === "image") drawImage(p.ink, inner, p.images.get(mark.bytes)!);
      else drawTyped(p.ink, inner, mark.text, p.script!, p.font);
      para(p.font, caption, { x, width: box.width, size: CAPTION, color: GREY }).draw(p, top + box.height + 2);
    },
  };
}

/** The browser as a person says it ("Chrome 131 on Windows"), else the header as received. */
function browserName(ua: string, L: CertificateLabels): string {
  const b = parseUserAgent(ua);
  if (!b) return ua;
  const browser = `${b.name === "HeadlessChrome" ? "Headless Chrome" : b.name}${b.version ? ` ${b.version}` : ""}`;
  return b.os ? fill(L.browserOn, { browser, os: b.os }) : browser;
}

/** The certificate as blocks, in order; `paginate` puts them on pages. */
function compose(cert: CertificateData, font: SealFont): Block[] {
  const L = cert.labels ?? ENGLISH_CERTIFICATE_LABELS;
  const plural = new Intl.PluralRules(cert.locale ?? "en");
  const bytes = (n: number) => fill(L.bytes[plural.select(n)] ?? L.bytes.other, { count: n });
  const timeZone = cert.timeZone ?? "UTC";
  const time = (iso: string) => formatEventTime(iso, { timeZone, locale: cert.locale, dateFormat: cert.dateFormat });
  const sealedAt = time(cert.sealedAt ?? new Date().toISOString());
  const text = (s: string, size: number, color: Rgb = BLACK, x = LEFT, width = WIDTH) => para(font, s, { x, width, size, color });
  const blocks: Block[] = [];
  const heading = (s: string) =>
    blocks.push({
      ...stack([text(s, 10, ACCENT), { height: 3, draw: (p, top) => hairline(p.ink, LEFT, top + 1.5, WIDTH) }]),
      gap: 10,
      keepWithNext: true,
    });

  const environment = L.environments[cert.environment] ?? cert.environment;
  const zone = timeZone === "UTC" ? "UTC" : fill(L.timeZoneNote, { zone: timeZone });
  blocks.push({
    ...stack(
      [
        text(L.title, 17, ACCENT),
        text(cert.title, 11.5),
        text(fill(L.sealedOn, { time: sealedAt }), 8.5, GREY),
        ...(cert.sentBy
          ? [
              text(
                [
                  fill(L.sentBy, { who: cert.sentBy.who, time: time(cert.sentBy.at) }),
                  cert.sentBy.ip ? fill(L.sentFrom, { ip: cert.sentBy.ip }) : null,
                ]
                  .filter(Boolean)
                  .join(" "),
                8.5,
                GREY,
              ),
            ]
          : []),
        ...(cert.startedFrom
          ? [
              text(
                `${fill(L.startedFrom, { who: cert.startedFrom.who, link: cert.startedFrom.link })} ${
                  cert.startedFrom.emailConfirmed ? L.emailConfirmed : L.emailNotConfirmed
                }`,
                8.5,
                GREY,
              ),
            ]
          : []),
        ...(cert.organization ? [text(`${L.organization ?? "Organization"}: ${cert.organization}`, SMALL, GREY)] : []),
        text(`${L.requestId}: ${cert.requestId} · ${L.environment}: ${environment}`, SMALL, GREY),
        text(`${L.timeZone}: ${zone}`, SMALL, GREY),
      ],
      2,
    ),
    gap: 0,
  });

  // Those who took a turn in signing order, then those who received a copy.
  const recipients = [...cert.recipients].sort((a, b) => Number(a.role === "CC") - Number(b.role === "CC") || a.order - b.order);
  // The step as the dashboard shows it: the rank of the order (a removed recipient leaves no gap).
  const stepOf = stepNumbers(cert.recipients.map((r) => r.order));
  heading(fill(L.recipients, { count: recipients.length }));
  /** The label of each role's act: what the time beside it records. */
  const actedAt: Record<string, string> = { SIGNER: L.signedAt, APPROVER: L.approvedAt, VIEWER: L.viewedAt };
  const hasMarks = recipients.some((r) => r.signature || r.initials);
  const left = hasMarks ? WIDTH - MARK_COLUMN - COLUMN_GAP : WIDTH;
  const labelWidth = labelColumn(
    font,
    [L.identifiedBy, L.sentAt, L.viewedAt, L.signedAt, L.approvedAt, L.releasedAt, L.ipAddress, L.userAgent],
    60,
    115,
  );
  const valueWidth = left - labelWidth;
  recipients.forEach((r, i) => {
    const rule: Piece = { height: 0, draw: (p, top) => hairline(p.ink, LEFT, top - 6, WIDTH) };
    const gap = i === 0 ? 6 : 8;
    if (r.role === "CC") {
      const copy = `${L.receivedCopyAt}: ${fill(L.receivedCopyValue, { time: sealedAt })}`;
      blocks.push({
        ...beside(i === 0 ? NOTHING : rule, stack([text(`${r.name} <${r.email}>`, 9), text(copy, SMALL, GREY)], 1)),
        gap,
      });
      return;
    }
    const rows: Row[] = [
      [L.identifiedBy, r.identification],
      [L.sentAt, r.sentAt && time(r.sentAt)],
      // A viewer's act is viewing: its time is the row below.
      [L.viewedAt, r.role === "VIEWER" ? undefined : r.viewedAt && time(r.viewedAt)],
      [actedAt[r.role] ?? L.signedAt, r.signedAt && time(r.signedAt)],
      [L.releasedAt, r.releasedAt && time(r.releasedAt)],
      [L.ipAddress, r.ip],
      [L.userAgent, r.userAgent && oneLine(font, browserName(r.userAgent, L), SMALL, valueWidth)],
    ];
    const details = stack([
      text(r.name, 10.5, BLACK, LEFT, left),
      text(`${r.email} · ${L.roles[r.role] ?? r.role} · ${L.order} ${stepOf(r.order)}`, 8, GREY, LEFT, left),
      ...(r.onBehalfOf
        ? [
            para(
              font,
              fill(L.onBehalfOf, {
                name: `${r.onBehalfOf.name} <${r.onBehalfOf.email}>`,
                time: time(r.onBehalfOf.at),
                reason: r.onBehalfOf.reason.length > 300 ? `${r.onBehalfOf.reason.slice(0, 299)}…` : r.onBehalfOf.reason,
              }),
              { x: LEFT, width: left, size: 8, color: GREY },
            ),
          ]
        : []),
      ...(r.group
        ? [
            para(font, fill(L.groupMember, { group: r.group.name, required: r.group.required, size: r.group.size }), {
              x: LEFT,
              width: left,
              size: 8,
              color: GREY,
            }),
          ]
        : []),
      space(3),
      ...withValues(rows).map(([label, value]) => row(font, label, value, { x: LEFT, width: left, labelWidth })),
    ]);
    const markX = LEFT + WIDTH - MARK_COLUMN;
    const marks =
      r.signature || r.initials
        ? stack(
            [
              r.signature ? markBox(r.signature, L.signature, SIGNATURE_BOX, markX) : NOTHING,
              r.initials ? markBox(r.initials, L.initials, INITIALS_BOX, markX) : NOTHING,
            ],
            3,
          )
        : NOTHING;
    blocks.push({ ...beside(i === 0 ? NOTHING : rule, details, marks), gap });
  });

  // The document's and the seal's rows share one label column, which gives way to a hash: each hash on one line.
  const documentRows: Row[] = [
    [L.originalSha256, cert.originalSha256],
    [L.uploadedSha256, cert.uploadedSha256 !== cert.originalSha256 ? cert.uploadedSha256 : undefined],
    [L.sentSha256, cert.documentSha256 !== cert.originalSha256 ? cert.documentSha256 : undefined],
    [L.sealedSha256, cert.sealedContentSha256],
    [L.sealedLength, cert.sealedContentLength === undefined ? undefined : bytes(cert.sealedContentLength)],
  ];
  const s = cert.seal;
  const sealRows: Row[] = s
    ? [
        [L.sealingCertificate, s.certificateSubject],
        [L.fingerprint, s.certificateSha256],
        [L.padesLevel, `${s.level} (${L.levels[s.level]})`],
        [L.timestampAuthority, s.timestampAuthority],
      ]
    : [];
  const hashWidth = font.width("0".repeat(64), SMALL) + 4;
  const tableLabels = withValues([...documentRows, ...sealRows]).map(([label]) => label);
  const tableLabelWidth = labelColumn(font, tableLabels, 100, WIDTH - hashWidth);
  const table = (rows: Row[]) =>
    withValues(rows).forEach(([label, value], i) =>
      blocks.push({ ...row(font, label, value, { x: LEFT, width: WIDTH, labelWidth: tableLabelWidth }), gap: i ? 2 : 6 }),
    );
  const note = (words: string) => blocks.push({ ...para(font, words, { x: LEFT, width: WIDTH, size: 7, color: GREY }), gap: 4 });

  heading(L.document);
  table(documentRows);
  if (cert.sealedContentLength !== undefined) {
    const length = cert.sealedContentLength;
    note(fill(L.sealedContentNote, { length, command: `head -c ${length} file.pdf | sha256sum` }));
  }
  if (cert.documents) {
    // Each document of the request: its place, name and pages, then its original hash on a line of its own.
    heading(L.documentsOfRequest);
    const { list, current } = cert.documents;
    list.forEach((d, i) => {
      const pages = fill(L.pageCount[plural.select(d.pageCount)] ?? L.pageCount.other, { count: d.pageCount });
      const mine = i === current ? ` (${L.thisDocument})` : "";
      blocks.push({
        ...para(font, `${i + 1}. ${d.name} · ${pages}${mine}`, { x: LEFT, width: WIDTH, size: 8.5 }),
        gap: i ? 5 : 6,
      });
      blocks.push({
        ...row(font, L.originalSha256, d.originalSha256, { x: LEFT, width: WIDTH, labelWidth: tableLabelWidth }),
        gap: 1,
      });
    });
  }
  if (cert.attachments?.length) {
    heading(L.attachments);
    cert.attachments.forEach((a, i) => {
      const size = fill(L.bytes[plural.select(a.size)] ?? L.bytes.other, { count: a.size });
      blocks.push({
        ...para(font, fill(L.attachment, { name: a.name, size, recipient: a.recipient, field: a.field }), {
          x: LEFT,
          width: WIDTH,
          size: 8.5,
        }),
        gap: i ? 5 : 6,
      });
      blocks.push({ ...row(font, "SHA-256", a.sha256, { x: LEFT, width: WIDTH, labelWidth: tableLabelWidth }), gap: 1 });
    });
  }
  if (cert.skipped?.length) {
    heading(L.skippedFields);
    cert.skipped.forEach((f, i) => {
      const where = fill(L.skippedField, { field: f.field, recipient: f.recipient, page: f.page });
      blocks.push({
        ...para(font, f.document ? `${where} · ${f.document}` : where, { x: LEFT, width: WIDTH, size: 8.5 }),
        gap: i ? 3 : 6,
      });
    });
  }
  if (s) {
    heading(L.seal);
    table(sealRows);
    if (s.timestampAuthority) {
      const clock = s.timestampAuthorityCheckedAt ? ` ${fill(L.tsaClock, { time: time(s.timestampAuthorityCheckedAt) })}` : "";
      note(`${fill(L.timestampNote, { authority: s.timestampAuthority })}${clock}`);
    }
  }
  return blocks;
}

/** The blocks on pages, each with its top; a heading goes to the next page with the block under it. */
function paginate(blocks: Block[]): { block: Block; top: number }[][] {
  const room = PAGE.height - TOP - BOTTOM;
  const pages: { block: Block; top: number }[][] = [[]];
  let used = 0;
  blocks.forEach((b, i) => {
    const next = blocks[i + 1];
    const need = b.height + (b.keepWithNext && next ? next.gap + next.height : 0);
    if (used > 0 && used + b.gap + need > room) {
      pages.push([]);
      used = 0;
    }
    const gap = used > 0 ? b.gap : 0;
    pages.at(-1)!.push({ block: b, top: TOP + used + gap });
    used += gap + b.height;
  });
  return pages;
}

/**
 * Adds the certificate pages at the end of `doc`; returns how many. With `sandbox`, they carry
 * the sandbox line like every other page. `marks`: the images and script font the document's values
 * were drawn with (sealDocument), so a signature on both is embedded once.
 */
export async function addCertificatePages(
  doc: PDFDocument,
  cert: CertificateData,
  opts: { sandbox?: boolean; marks?: SealMarks } = {},
): Promise<number> {
  const font = await embedSealFont(doc, "DejaVuSans.ttf");
  const marks = opts.marks ?? new SealMarks(doc);
  const made = cert.recipients.flatMap((r) => [r.signature, r.initials]).filter((m) => m !== undefined);
  const images = new Map<Uint8Array, PDFImage>();
  for (const m of made) if (m.kind === "image") images.set(m.bytes, await marks.image(m.bytes));
  const script = made.some((m) => m.kind === "typed") ? await marks.script() : undefined;

  const pages = paginate(compose(cert, font));
  const inks = new Inks(doc);
  const labels = cert.labels ?? ENGLISH_CERTIFICATE_LABELS;
  pages.forEach((placed, i) => {
    const page = doc.addPage([PAGE.width, PAGE.height]);
    const p: Painter = { ink: inks.on(page), font, script, images };
    for (const { block, top } of placed) block.draw(p, top);
    const footer = fill(labels.footer, { id: cert.requestId, page: i + 1, total: pages.length });
    p.ink.rect(LEFT, 36, WIDTH, 0.5, GREY);
    p.ink.text(font, oneLine(font, footer, 7, WIDTH), 7, LEFT, 25, GREY);
    if (opts.sandbox) drawSandboxLine(p.ink, font, labels.sandboxLine);
  });
  inks.finish();
  // The script font when this call embedded it (or drew a mark the document's values did not have).
  await finishSealFonts(doc);
  return pages.length;
}

/**
 * Appends the certificate to `pdfBytes` as an incremental update (the input stays a byte-exact
 * prefix). `pdfBytes` is the sealed content: its SHA-256 and length are printed unless `cert`
 * already gives them. Sandbox pages are marked when `opts.sandbox` is true.
 */
export async function appendCertificatePage(
  pdfBytes: Uint8Array,
  cert: CertificateData,
  opts: { sandbox?: boolean } = {},
): Promise<Uint8Array> {
  const full: CertificateData = {
    ...cert,
    sealedContentSha256: cert.sealedContentSha256 ?? crypto.createHash("sha256").update(pdfBytes).digest("hex"),
    sealedContentLength: cert.sealedContentLength ?? (cert.sealedContentSha256 ? undefined : pdfBytes.length),
  };
  const doc = await loadPdf(pdfBytes);
  const snap = snapshotObjects(doc, pdfBytes);
  await addCertificatePages(doc, full, opts);
  return (
    (await writeIncrementalUpdate(pdfBytes, doc, snap)) ?? (await doc.save({ useObjectStreams: false, objectsPerTick: Infinity }))
  );
}
