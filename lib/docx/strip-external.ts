import { DOMParser, XMLSerializer, type Document, type Element, type Node } from "@xmldom/xmldom";
import { DocxError } from "./errors";
import { DOCX_LIMITS, type DocxLimits } from "./limits";
import { openDocx } from "./open-docx";

/**
 * Removing from a Word document everything that points outside it, so that the program that
 * renders it (LibreOffice) has nothing to fetch: no URL, no file path, no other program's data.
 * A template is written by a client; a reference in it that LibreOffice follows is a request
 * from the server (SSRF) or a read of the server's files, and the answer ends up in the PDF.
 *
 * - Relationships that leave the package (TargetMode="External", or a Target with a scheme, a
 *   drive or a UNC path) are removed from every *.rels part, and so is what used them: a linked
 *   picture loses its link (a picture with no embedded copy is removed), a hyperlink keeps its
 *   text but is no longer a link, a VML picture or OLE link, an attached template, a subdocument,
 *   a frame source, a chart's linked workbook are removed.
 * - Fields that read something outside the document (INCLUDEPICTURE, INCLUDETEXT, INCLUDE, LINK,
 *   DDE, DDEAUTO, IMPORT, DATABASE, and HYPERLINK to anything but a bookmark), written as simple
 *   or as complex fields, become the result Word saved with them: the text or picture stays, the
 *   instruction goes. A field whose name comes from a nested field is treated the same way.
 * - URLs in attributes (VML `o:href`, `src`; `href` in SVG pictures) are removed, except
 *   references inside the part (`#…`) and inline data (`data:`).
 * - OLE objects lose their object and keep their picture (an embedded package may hold links of
 *   its own); alternative-format chunks (w:altChunk: HTML, RTF, another document), mail-merge
 *   data sources and web frame sets are removed.
 *
 * Parts with nothing to remove keep their exact bytes; a document with nothing to remove is
 * returned as it was given. A part that cannot be parsed is CORRUPT: what cannot be read here is
 * not handed to LibreOffice, which might read it differently.
 */

const NS = {
  r: new Set([
    "http://schemas.openxmlformats.org/officeDocument/2006/relationships",
    "http://purl.oclc.org/ooxml/officeDocument/relationships",
  ]),
  office: "urn:schemas-microsoft-com:office:office",
};

/** Fields that read a file, a URL or another program's data when a reader updates them. */
const FETCHING_FIELDS = new Set(["INCLUDEPICTURE", "INCLUDETEXT", "INCLUDE", "LINK", "DDE", "DDEAUTO", "IMPORT", "DATABASE"]);

/** Elements removed wherever they are (in any namespace: a reader may be lenient about them). */
const ALWAYS_REMOVED = new Set(["OLEObject", "altChunk", "mailMerge", "frameset", "attachedTemplate"]);

/** Attributes that hold a URL rather than a relationship id (VML, SVG). */
const URL_ATTRIBUTES = new Set(["href", "althref", "src"]);

/** Names in a part's bytes that may call for a change even when its relationships have none. */
const NEEDLES = ["instrText", "fldSimple", "OLEObject", "altChunk", "mailMerge", "frameset", "attachedTemplate", "href", "src"];

/** Outside the package: a scheme (http:, file:, a Windows drive c:), or a network path (//host, \\host). */
const leavesPackage = (target: string) => /^\s*([a-z][a-z0-9+.-]*:|[/\\]{2})/i.test(target);

const isElement = (n: Node | null): n is Element => n?.nodeType === 1;

function elementChildren(el: Element | Document): Element[] {
  const out: Element[] = [];
  for (let c = el.firstChild; c; c = c.nextSibling) if (isElement(c)) out.push(c);
  return out;
}

/** Every element under `root` in document order (a snapshot: the tree may change while it is used). */
function allElements(root: Element | Document): Element[] {
  const out: Element[] = [];
  const visit = (el: Element | Document) => {
    for (const c of elementChildren(el)) {
      out.push(c);
      visit(c);
    }
  };
  visit(root);
  return out;
}

/** An attribute by its local name, whatever its prefix (w:fldCharType, fldCharType). */
function attr(el: Element, localName: string): string | null {
  for (let i = 0; i < el.attributes.length; i++) {
    const a = el.attributes.item(i)!;
    if ((a.localName ?? a.name) === localName) return a.value;
  }
  return null;
}

const localOf = (n: Node) => (n as Element).localName ?? n.nodeName;

function remove(n: Node) {
  n.parentNode?.removeChild(n);
}

/** Replaces `el` by its children (a link around text becomes the text). */
function unwrap(el: Element) {
  const parent = el.parentNode;
  if (!parent) return;
  while (el.firstChild) parent.insertBefore(el.firstChild, el);
  parent.removeChild(el);
}

function closest(el: Element, localName: string): Element | null {
  for (let n = el.parentNode; n; n = n.parentNode) if (isElement(n) && localOf(n) === localName) return n;
  return null;
}

/** Whether a field instruction (its text, entities decoded) reads from outside the document. */
export function isFetchingField(instruction: string): boolean {
  const tokens = [...instruction.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2] ?? "");
  const name = (tokens[0] ?? "").toUpperCase();
  if (FETCHING_FIELDS.has(name)) return true;
  if (name !== "HYPERLINK") return false;
  // HYPERLINK "target" \l "bookmark" \o "tip": only a bookmark (\l) alone stays inside the document.
  for (let i = 1; i < tokens.length; i++) {
    const t = tokens[i] ?? "";
    if (/^\\[lot]$/i.test(t)) i++;
    else if (!t.startsWith("\\")) return true;
  }
  return false;
}

/**
 * The same for a complex field with a field nested in its instruction: Word puts the nested
 * field's result in its place, so it counts as an argument, and a name it touches (or makes
 * up alone) is unknown here: reading outside, to be safe.
 */
function isFetchingComplexField(field: OpenField): boolean {
  if (field.beforeNested === null) return isFetchingField(field.instruction);
  if (!/^\s*\S+\s/.test(field.beforeNested)) return true;
  return isFetchingField(`${field.beforeNested} "nested"`);
}

interface OpenField {
  /** begin, instruction runs' content (nested fields too), separate and end: what goes when it reads outside. */
  nodes: Set<Node>;
  instruction: string;
  /** The instruction as it was when a nested field began in it (null: none did). */
  beforeNested: string | null;
  inResult: boolean;
}

/**
 * Complex fields (w:fldChar begin … w:instrText … separate … result … end) and simple ones
 * (w:fldSimple) that read outside the document are reduced to their saved result. A story is
 * walked in document order; a text box (w:txbxContent) is a story of its own.
 */
function unlinkFields(root: Element | Document): boolean {
  let changed = false;
  const touchedRuns = new Set<Element>();
  const drop = (field: OpenField) => {
    if (!isFetchingComplexField(field)) return;
    for (const n of field.nodes) {
      const run = n.parentNode;
      if (isElement(run) && localOf(run) === "r") touchedRuns.add(run);
      remove(n);
    }
    changed = true;
  };
  const simple: Element[] = [];

  const walkStory = (story: Element | Document) => {
    const stack: OpenField[] = [];
    const walk = (el: Element | Document) => {
      for (const child of elementChildren(el)) {
        const name = localOf(child);
        if (name === "txbxContent") {
          walkStory(child);
          continue;
        }
        const inRun = localOf(child.parentNode!) === "r" && name !== "rPr";
        // Everything in the instruction part of an open field belongs to it (and to its outer ones).
        if (inRun || name === "fldChar" || name === "instrText" || name === "delInstrText") {
          for (const f of stack) if (!f.inResult) f.nodes.add(child);
        }
        if (name === "fldChar") {
          const type = attr(child, "fldCharType");
          if (type === "begin") {
            for (const f of stack) if (!f.inResult && f.beforeNested === null) f.beforeNested = f.instruction;
            stack.push({ nodes: new Set([child]), instruction: "", beforeNested: null, inResult: false });
          } else if (type === "separate") {
            const top = stack.at(-1);
            if (top) {
              top.nodes.add(child);
              top.inResult = true;
            }
          } else if (type === "end" && stack.length) {
            const top = stack.pop()!;
            top.nodes.add(child);
            drop(top);
          }
        } else if (name === "instrText" || name === "delInstrText") {
          const top = stack[stack.length - 1];
          if (top && !top.inResult) top.instruction += child.textContent ?? "";
        } else if (name === "fldSimple") {
          simple.push(child);
        }
        walk(child);
      }
    };
    walk(story);
    // A field never ended (a damaged or crafted document) is judged on what it has.
    while (stack.length) drop(stack.pop()!);
  };
  walkStory(root);

  for (const f of simple) {
    if (isFetchingField(attr(f, "instr") ?? "")) {
      unwrap(f);
      changed = true;
    }
  }
  removeEmptyRuns(touchedRuns);
  return changed;
}

/** A run left with nothing but its properties is noise (Word never writes one): it goes too. */
function removeEmptyRuns(runs: Set<Element>) {
  for (const run of runs) if (run.parentNode && elementChildren(run).every((c) => localOf(c) === "rPr")) remove(run);
}

/** Attributes that name a relationship of the part (r:id, r:link, r:embed, o:relid …) removed from the package. */
function externalReferences(el: Element, removedIds: Set<string>) {
  const found: string[] = [];
  for (let i = 0; i < el.attributes.length; i++) {
    const a = el.attributes.item(i)!;
    const isRef = (a.namespaceURI && NS.r.has(a.namespaceURI)) || (a.namespaceURI === NS.office && a.localName === "relid");
    if (isRef && removedIds.has(a.value.trim())) found.push(a.name);
  }
  return found;
}

/** Anything in a blip (a DrawingML picture's source) that still names a picture. */
const blipHasSource = (blip: Element) => {
  for (let i = 0; i < blip.attributes.length; i++) {
    const a = blip.attributes.item(i)!;
    if (a.namespaceURI && NS.r.has(a.namespaceURI) && a.value.trim()) return true;
  }
  return false;
};

/** Removes, in one parsed part, what uses the removed relationships and what points outside by itself. */
function cleanPart(doc: Document, removedIds: Set<string>): boolean {
  let changed = unlinkFields(doc);
  const touchedRuns = new Set<Element>();
  const removeInRun = (n: Node) => {
    const parent = n.parentNode;
    if (isElement(parent) && localOf(parent) === "r") touchedRuns.add(parent);
    parent?.removeChild(n);
  };
  for (const el of allElements(doc)) {
    if (!el.parentNode) continue;
    const name = localOf(el);
    if (ALWAYS_REMOVED.has(name)) {
      removeInRun(el);
      changed = true;
      continue;
    }
    // URLs written in attributes, not through a relationship.
    for (let i = el.attributes.length - 1; i >= 0; i--) {
      const a = el.attributes.item(i)!;
      if (a.namespaceURI && NS.r.has(a.namespaceURI)) continue; // relationship ids, judged below
      if (URL_ATTRIBUTES.has(a.localName ?? a.name) && !/^\s*(#|data:)/i.test(a.value)) {
        el.removeAttributeNode(a);
        changed = true;
      }
    }
    const refs = externalReferences(el, removedIds);
    if (!refs.length) continue;
    changed = true;
    if (name === "blip") {
      for (const r of refs) el.removeAttribute(r);
      if (blipHasSource(el)) continue; // its embedded copy stays
      // A picture with nothing left to show goes whole; a shape only loses its picture fill.
      const picture = closest(el, "pic") ? (closest(el, "drawing") ?? closest(el, "pic")) : null;
      removeInRun(picture ?? el);
    } else if (name === "hyperlink") {
      unwrap(el);
    } else {
      removeInRun(el);
    }
  }
  removeEmptyRuns(touchedRuns);
  return changed;
}

/** word/_rels/document.xml.rels → word/document.xml; _rels/.rels → "" (the package). */
function sourceOfRels(relsName: string): string | null {
  const m = /^((?:.*\/)?)_rels\/([^/]*)\.rels$/.exec(relsName);
  return m ? `${m[1]}${m[2]}` : null;
}

const startsLikeMarkup = (b: Uint8Array) => {
  let i = b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf ? 3 : 0;
  while (b[i] === 0x20 || b[i] === 0x09 || b[i] === 0x0a || b[i] === 0x0d) i++;
  return b[i] === 0x3c;
};

function parse(name: string, data: Uint8Array): Document {
  const text = Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString("utf8");
  try {
    return new DOMParser({
      onError(level, message) {
        if (level !== "warning") throw new Error(message);
      },
    }).parseFromString(text, "text/xml");
  } catch {
    throw new DocxError("CORRUPT", `The DOCX file is damaged: its part ${name} is not well-formed XML`);
  }
}

const serialize = (doc: Document) => new TextEncoder().encode(new XMLSerializer().serializeToString(doc));

/**
 * The DOCX with every reference to something outside it removed (see above). Bounded like every
 * read of a DOCX (openDocx: DocxError TOO_LARGE, TOO_COMPLEX, CORRUPT, NOT_DOCX).
 */
export function stripExternalReferences(bytes: Uint8Array, limits: DocxLimits = DOCX_LIMITS): Uint8Array {
  const zip = openDocx(bytes, limits);
  const names = Object.entries(zip.files).flatMap(([n, f]) => (f.dir ? [] : [n]));
  const data = (n: string) => {
    const file = zip.files[n];
    if (!file) throw new Error(`${n} is not in the DOCX`); // names come from the archive itself
    return file.asUint8Array();
  };
  const changedParts = new Map<string, Uint8Array>();

  // 1. Relationships that leave the package, by the part that uses them.
  const removedIds = new Map<string, Set<string>>();
  for (const name of names.filter((n) => /\.rels$/i.test(n))) {
    const doc = parse(name, data(name));
    const removed = new Set<string>();
    for (const rel of allElements(doc)) {
      if (localOf(rel) !== "Relationship") continue;
      const external = /^\s*external\s*$/i.test(attr(rel, "TargetMode") ?? "") || leavesPackage(attr(rel, "Target") ?? "");
      if (!external) continue;
      const id = (attr(rel, "Id") ?? "").trim();
      if (id) removed.add(id);
      remove(rel);
    }
    if (!removed.size) continue;
    changedParts.set(name, serialize(doc));
    const source = sourceOfRels(name);
    if (source !== null) removedIds.set(source, removed);
  }

  // 2. Every part that may be read as markup: what used those relationships, fields, URLs.
  for (const name of names) {
    if (/\.rels$/i.test(name) || name === "[Content_Types].xml") continue;
    const bytesOf = data(name);
    if (!startsLikeMarkup(bytesOf)) continue;
    const removed = removedIds.get(name) ?? new Set<string>();
    const latin1 = Buffer.from(bytesOf.buffer, bytesOf.byteOffset, bytesOf.byteLength).toString("latin1");
    if (!removed.size && !NEEDLES.some((n) => latin1.includes(n))) continue;
    const doc = parse(name, bytesOf);
    if (cleanPart(doc, removed)) changedParts.set(name, serialize(doc));
  }

  if (!changedParts.size) return bytes;
  for (const [name, content] of changedParts) zip.file(name, content, { binary: true, compression: "DEFLATE" });
  return zip.generate({ type: "uint8array", compression: "DEFLATE" });
}
