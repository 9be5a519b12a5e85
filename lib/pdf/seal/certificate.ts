/**
 * The certificate of completion appended to a sealed document: the request, each recipient, each
 * event with its time, IP address and user agent, and the hashes that tie the record to the
 * document. A4 pages in DejaVu Sans, so every character (names in any script) is drawn and
 * `pdftotext` reads it back.
 *
 * The two hashes:
 * - original: SHA-256 of the document as first uploaded (the caller knows it; by default the
 *   input of sealing).
 * - sealed content: SHA-256 of the document after every value was drawn and the anchor text
 *   removed, before the certificate and the signature were added. Those two are appended as an
 *   incremental update, so the sealed content is exactly the first `sealedContentLength` bytes
 *   of the sealed file, and anyone can check it: `head -c <length> sealed.pdf | sha256sum`.
 */
import crypto from "node:crypto";
import type { PDFDocument } from "pdf-lib";
import { formatEventTime } from "../../dates/zoned";
import { loadPdf } from "../load";
import { drawSandboxLine } from "./draw-values";
import { drawable, embedSealFont, wrapText, type SealFont } from "./fonts";
import { snapshotObjects, writeIncrementalUpdate } from "./incremental";
import { Inks, type PageInk, type Rgb } from "./ink";
import { PADES_LEVEL_TEXT, type PadesLevel } from "./levels";

export interface CertificateRecipient {
  name: string;
  email: string;
  role: string;
  order: number;
  status: string;
  /**
   * ISO 8601: when they finished their turn, as their role asks: a SIGNER signed, an APPROVER
   * approved, a VIEWER viewed (printed "Signed at", "Approved at", "Viewed at"). A CC takes no turn:
   * their line says they received a copy at sealing.
   */
  signedAt?: string;
  /** The address and browser of that act. */
  ip?: string;
  userAgent?: string;
  /** How the signer was identified ("e-mail link", "access code", "e-mail code"): printed as "Identified by". */
  identification?: string;
}

export interface CertificateEvent {
  /** ISO 8601. */
  at: string;
  type: string;
  actor: string;
  ip?: string;
  userAgent?: string;
}

export interface CertificateData {
  requestId: string;
  title: string;
  environment: string;
  recipients: CertificateRecipient[];
  events: CertificateEvent[];
  /** SHA-256 (hex) of the document as first uploaded. */
  originalSha256: string;
  /** SHA-256 (hex) of the document as sent for signing, when it differs from the original (stamped, text replaced). */
  documentSha256?: string;
  /** SHA-256 (hex) and byte length of the sealed content; appendCertificatePage computes them from its input when absent. */
  sealedContentSha256?: string;
  sealedContentLength?: number;
  /** ISO 8601; default now. */
  sealedAt?: string;
  /**
   * The request's IANA time zone (issue 23): every time is printed in it with its offset, to the second, and
   * as the UTC instant ("2026-11-26 08:30:05 +09:00 (2026-11-25 23:30:05 UTC)"). Default UTC.
   */
  timeZone?: string;
  /** The certificate's language, for the order of the local date and time (lib/dates/zoned.ts); default en. */
  locale?: string;
  /** The certificate's words in that language (issue 23), translated by the server; default English. */
  labels?: CertificateLabels;
  /** The seal itself: sealDocument fills it in from the signing certificate and the level. */
  seal?: CertificateSeal;
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

/** A4 in points. */
export const CERTIFICATE_PAGE_SIZE = { width: 595.28, height: 841.89 };
const MARGIN = 50;
const FOOTER = 30;

interface Line {
  text: string;
  size: number;
  indent: number;
  color: Rgb;
  /** Extra space above the line, points. */
  gap: number;
}

const BLACK: Rgb = [0, 0, 0];
const GREY: Rgb = [0.35, 0.35, 0.35];
const ACCENT: Rgb = [0.1, 0.2, 0.45];

/**
 * The certificate's words (issue 23). The engine translates nothing: the server hands it these, from
 * lib/i18n's catalogs (lib/server/signing/certificate-labels.ts). `{name}` marks a value only the engine
 * knows (a time it formats, a length it measures, a page number), filled in by `fill`.
 */
export interface CertificateLabels {
  title: string;
  /** {time} */
  sealedOn: string;
  request: string;
  requestId: string;
  documentTitle: string;
  environment: string;
  timeZone: string;
  /** {zone} */
  timeZoneNote: string;
  document: string;
  originalSha256: string;
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
  role: string;
  order: string;
  status: string;
  roles: Record<string, string>;
  statuses: Record<string, string>;
  identifiedBy: string;
  signedAt: string;
  approvedAt: string;
  viewedAt: string;
  receivedCopyAt: string;
  /** {time} */
  receivedCopyValue: string;
  ipAddress: string;
  userAgent: string;
  /** {count} */
  events: string;
  actor: string;
  /** {id}, {page}, {total} */
  footer: string;
}

/** The English words, when the caller gives none (lib/i18n/messages/en.json says the same: a test holds them together). */
export const ENGLISH_CERTIFICATE_LABELS: CertificateLabels = {
  title: "Certificate of completion",
  sealedOn: "Sealed by Signet on {time}",
  request: "Request",
  requestId: "Request ID",
  documentTitle: "Title",
  environment: "Environment",
  timeZone: "Time zone",
  timeZoneNote: "{zone} (each time in this zone, then in UTC)",
  document: "Document",
  originalSha256: "Original document SHA-256",
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
  role: "Role",
  order: "Order",
  status: "Status",
  roles: { SIGNER: "SIGNER", APPROVER: "APPROVER", VIEWER: "VIEWER", CC: "CC" },
  statuses: { PENDING: "PENDING", SENT: "SENT", VIEWED: "VIEWED", SIGNED: "SIGNED", APPROVED: "APPROVED", DECLINED: "DECLINED" },
  identifiedBy: "Identified by",
  signedAt: "Signed at",
  approvedAt: "Approved at",
  viewedAt: "Viewed at",
  receivedCopyAt: "Received a copy at",
  receivedCopyValue: "{time} (the sealed PDF, by e-mail)",
  ipAddress: "IP address",
  userAgent: "User agent",
  events: "Events ({count})",
  actor: "Actor",
  footer: "Signet certificate of completion · request {id} · page {page} of {total}",
};

/** A label with its `{name}` marks filled in. */
const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (m, name: string) => (name in values ? String(values[name]) : m));

/** The certificate as lines, wrapped to the page width; split into pages by `paginate`. */
function compose(cert: CertificateData, font: SealFont): Line[] {
  const width = CERTIFICATE_PAGE_SIZE.width - 2 * MARGIN;
  const out: Line[] = [];
  const add = (text: string, o: Partial<Omit<Line, "text">> = {}) => {
    const size = o.size ?? 9;
    const indent = o.indent ?? 0;
    wrapText(font, drawable(font, text), size, width - indent).forEach((t, i) =>
      out.push({ text: t, size, indent, color: o.color ?? BLACK, gap: i === 0 ? (o.gap ?? 0) : 0 }),
    );
  };
  const heading = (text: string) => add(text, { size: 12, color: ACCENT, gap: 14 });
  const field = (label: string, value: string | number | undefined, indent = 0) => {
    if (value === undefined || value === "") return;
    add(`${label}: ${value}`, { indent });
  };

  const L = cert.labels ?? ENGLISH_CERTIFICATE_LABELS;
  const plural = new Intl.PluralRules(cert.locale ?? "en");
  const bytes = (n: number) => fill(L.bytes[plural.select(n)] ?? L.bytes.other, { count: n });
  const timeZone = cert.timeZone ?? "UTC";
  const time = (iso: string | undefined) => (iso ? formatEventTime(iso, { timeZone, locale: cert.locale }) : undefined);
  const sealedAt = time(cert.sealedAt ?? new Date().toISOString());
  add(L.title, { size: 18, color: ACCENT });
  add(fill(L.sealedOn, { time: sealedAt ?? "" }), { color: GREY, gap: 4 });

  heading(L.request);
  field(L.requestId, cert.requestId);
  field(L.documentTitle, cert.title);
  field(L.environment, cert.environment);
  field(L.timeZone, timeZone === "UTC" ? "UTC" : fill(L.timeZoneNote, { zone: timeZone }));

  // A hash goes on its own line under its label: label and hash together are wider than the page.
  const hash = (label: string, value: string | undefined) => {
    if (!value) return;
    add(`${label}:`, { gap: 2 });
    add(value, { indent: 14 });
  };
  heading(L.document);
  hash(L.originalSha256, cert.originalSha256);
  if (cert.documentSha256 && cert.documentSha256 !== cert.originalSha256) hash(L.sentSha256, cert.documentSha256);
  hash(L.sealedSha256, cert.sealedContentSha256);
  if (cert.sealedContentLength !== undefined) {
    const length = cert.sealedContentLength;
    field(L.sealedLength, bytes(length));
    add(fill(L.sealedContentNote, { length, command: `head -c ${length} file.pdf | sha256sum` }), {
      color: GREY,
      size: 8,
      gap: 2,
    });
  }

  if (cert.seal) {
    const s = cert.seal;
    heading(L.seal);
    field(L.sealingCertificate, s.certificateSubject);
    hash(L.fingerprint, s.certificateSha256);
    field(L.padesLevel, `${s.level} (${L.levels[s.level]})`);
    if (s.timestampAuthority) {
      field(L.timestampAuthority, s.timestampAuthority);
      const clock = s.timestampAuthorityCheckedAt
        ? ` ${fill(L.tsaClock, { time: time(s.timestampAuthorityCheckedAt) ?? "" })}`
        : "";
      add(`${fill(L.timestampNote, { authority: s.timestampAuthority })}${clock}`, { color: GREY, size: 8, gap: 2 });
    }
  }

  /** What each role that takes a turn did, as its time's label. */
  const actedAt: Record<string, string> = { SIGNER: L.signedAt, APPROVER: L.approvedAt, VIEWER: L.viewedAt };
  heading(fill(L.recipients, { count: cert.recipients.length }));
  [...cert.recipients]
    .sort((a, b) => a.order - b.order)
    .forEach((r, i) => {
      add(`${i + 1}. ${r.name} <${r.email}>`, { size: 10, gap: i === 0 ? 2 : 8 });
      const role = L.roles[r.role] ?? r.role;
      field(L.role, `${role} · ${L.order}: ${r.order} · ${L.status}: ${L.statuses[r.status] ?? r.status}`, 14);
      field(L.identifiedBy, r.identification, 14);
      if (r.role === "CC") field(L.receivedCopyAt, fill(L.receivedCopyValue, { time: sealedAt ?? "" }), 14);
      else field(actedAt[r.role] ?? L.signedAt, time(r.signedAt), 14);
      field(L.ipAddress, r.ip, 14);
      field(L.userAgent, r.userAgent, 14);
    });

  heading(fill(L.events, { count: cert.events.length }));
  cert.events.forEach((e, i) => {
    add(`${time(e.at)}  ${e.type}`, { size: 9, gap: i === 0 ? 2 : 6 });
    field(L.actor, e.actor, 14);
    field(L.ipAddress, e.ip, 14);
    field(L.userAgent, e.userAgent, 14);
  });
  return out;
}

const lineHeight = (l: Line) => l.size * 1.35 + l.gap;

function paginate(lines: Line[]): Line[][] {
  const room = CERTIFICATE_PAGE_SIZE.height - 2 * MARGIN - FOOTER;
  let page: Line[] = [];
  const pages: Line[][] = [page];
  let used = 0;
  for (const l of lines) {
    const h = lineHeight(l);
    if (used + h > room && page.length) {
      page = [];
      pages.push(page);
      used = 0;
    }
    page.push(used === 0 ? { ...l, gap: 0 } : l);
    used += used === 0 ? l.size * 1.35 : h;
  }
  return pages;
}

function drawPage(ink: PageInk, lines: Line[], font: SealFont, footer: string): void {
  let y = CERTIFICATE_PAGE_SIZE.height - MARGIN;
  for (const l of lines) {
    y -= lineHeight(l);
    if (l.text) ink.text(font, l.text, l.size, MARGIN + l.indent, y, l.color);
  }
  ink.rect(MARGIN, MARGIN + 14, CERTIFICATE_PAGE_SIZE.width - 2 * MARGIN, 0.5, GREY);
  ink.text(font, drawable(font, footer), 7.5, MARGIN, MARGIN, GREY);
}

/**
 * Adds the certificate pages at the end of `doc`; returns how many. With `sandbox`, they carry
 * the sandbox line like every other page.
 */
export async function addCertificatePages(
  doc: PDFDocument,
  cert: CertificateData,
  opts: { sandbox?: boolean } = {},
): Promise<number> {
  const font = await embedSealFont(doc, "DejaVuSans.ttf");
  const pages = paginate(compose(cert, font));
  const inks = new Inks(doc);
  pages.forEach((lines, i) => {
    const page = doc.addPage([CERTIFICATE_PAGE_SIZE.width, CERTIFICATE_PAGE_SIZE.height]);
    const ink = inks.on(page);
    const footer = fill((cert.labels ?? ENGLISH_CERTIFICATE_LABELS).footer, {
      id: cert.requestId,
      page: i + 1,
      total: pages.length,
    });
    drawPage(ink, lines, font, footer);
    if (opts.sandbox) drawSandboxLine(ink, font);
  });
  inks.finish();
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
