"use client";

import { useEffect, useMemo, useRef } from "react";
import { callSigning, isStale, type ApiFailure } from "./api";
import type { Values } from "./fields";
import { formatNumber, parseNumber } from "@/lib/numbers/locale-number";
import type { MarkValue, SigningField, SigningView } from "./types";
import { TEXT_VALUED_TYPES } from "@/lib/schemas/field-kinds";

/** A save goes this long after the last change (and at once when a field loses focus or the page is hidden). */
export const DRAFT_DEBOUNCE_MS = 800;
/** At most one save this often: the link's rate limit (60 calls a minute) is shared with the page's other calls. */
const DRAFT_MIN_GAP_MS = 2500;
/** After no answer or a server error, the next try. */
const DRAFT_RETRY_MS = 5000;
/** fetch's keepalive carries at most 64 KB; a larger body goes as an ordinary call. */
const KEEPALIVE_MAX_BYTES = 60_000;

/** One entry of PUT /api/sign/{token}/draft: a field's value now; none of text, checked, typed, image removes it. */
export interface DraftEntry {
  fieldId: string;
  text?: string;
  checked?: boolean;
  typed?: string;
  image?: string;
  files?: string[];
}

/**
 * The entry for a field's value as the page holds it (typed in `locale`), or null for nothing to save: a
 * DATE, or a NUMBER that is not a number in that language yet. A NUMBER is saved in its stored form
 * ("1234.5"), so that a page in another language reads it back as the same number.
 */
export function draftEntry(f: SigningField, v: Values[string], locale: string): DraftEntry | null {
  if (f.type === "NUMBER") {
    if (typeof v !== "string" || v.trim() === "") return { fieldId: f.id };
    const read = parseNumber(v, locale);
    return read.ok ? { fieldId: f.id, text: read.value } : null;
  }
  if (TEXT_VALUED_TYPES.has(f.type)) return typeof v === "string" ? { fieldId: f.id, text: v } : { fieldId: f.id };
  if (f.type === "CHECKBOX" || f.type === "RADIO")
    return typeof v === "boolean" ? { fieldId: f.id, checked: v } : { fieldId: f.id };
  if (f.type === "FILE")
    return v && typeof v === "object" && v.kind === "files" && v.files.length
      ? { fieldId: f.id, files: v.files.map((x) => x.id) }
      : { fieldId: f.id };
  if (f.type === "SIGNATURE" || f.type === "INITIAL") {
    if (!v || typeof v !== "object" || v.kind === "files") return { fieldId: f.id };
    return v.kind === "image" ? { fieldId: f.id, image: v.dataUrl } : { fieldId: f.id, typed: v.text };
  }
  return null;
}

/**
 * The page's first values with what the signer saved before laid over them (a reload, another device); a
 * NUMBER written as `locale` writes it.
 */
export function withDrafts(fields: SigningField[], values: Values, drafts: SigningView["drafts"], locale: string): Values {
  const out = { ...values };
  const numbers = new Set(fields.filter((f) => f.type === "NUMBER").map((f) => f.id));
  const mine = new Set(fields.map((f) => f.id));
  for (const d of drafts) {
    if (!mine.has(d.fieldId)) continue;
    if (d.text !== undefined) out[d.fieldId] = numbers.has(d.fieldId) ? formatNumber(d.text, locale) : d.text;
    else if (d.checked !== undefined) out[d.fieldId] = d.checked;
    else if (d.files !== undefined) out[d.fieldId] = { kind: "files", files: d.files };
    else if (d.typed !== undefined) out[d.fieldId] = { kind: "typed", text: d.typed };
    // The dialog shows a restored image as an uploaded one: a drawing cannot be put back on the pad.
    else if (d.image !== undefined) out[d.fieldId] = { kind: "image", dataUrl: d.image, source: "upload" };
  }
  return out;
}

/** The first signature and initials among the values: offered for the signer's other boxes, as when adopted. */
export function adoptedMarks(fields: SigningField[], values: Values): Partial<Record<"SIGNATURE" | "INITIAL", MarkValue>> {
  const out: Partial<Record<"SIGNATURE" | "INITIAL", MarkValue>> = {};
  for (const f of fields) {
    const v = values[f.id];
    if ((f.type === "SIGNATURE" || f.type === "INITIAL") && v && typeof v === "object" && v.kind !== "files") out[f.type] ??= v;
  }
  return out;
}

const keyOf = (e: DraftEntry) => JSON.stringify(e);

/**
 * Sends the fields whose value differs from what the server holds: debounced, at most one call at a
 * time and one per DRAFT_MIN_GAP_MS, after a 429 not before its Retry-After. A value the server
 * refuses (4xx naming it) is not sent again until it changes: signing will name it to the signer.
 * `saveNow` is the one call that does not wait for the gap: before an upload (see there).
 */
export class DraftSaver {
  private held = new Map<string, string>();
  private current: Values;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private inflight: Promise<void> | null = null;
  private again = false;
  private lastStart = 0;
  private notBefore = 0;
  private paused = false;
  private disposed = false;

  constructor(
    private token: string,
    private fields: SigningField[],
    opened: Values,
    private onStale: (e: ApiFailure) => void,
    private localeOf: () => string,
  ) {
    this.current = opened;
    for (const f of fields) {
      const e = draftEntry(f, opened[f.id], localeOf());
      if (e) this.held.set(f.id, keyOf(e));
    }
  }

  changed(values: Values) {
    this.current = values;
    this.schedule(DRAFT_DEBOUNCE_MS);
  }

  private schedule(ms: number) {
    if (this.disposed || this.paused) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flush();
    }, ms);
  }

  private pending(): DraftEntry[] {
    return this.fields
      .map((f) => draftEntry(f, this.current[f.id], this.localeOf()))
      .filter((e): e is DraftEntry => e !== null && this.held.get(e.fieldId) !== keyOf(e));
  }

  /** Saves now what is not saved yet; `leaving`: the page is going away (keepalive, no waiting). */
  flush(leaving = false) {
    if (this.disposed || this.paused) return;
    const values = this.pending();
    if (!values.length) return;
    if (leaving) {
      const body = { values, locale: this.localeOf() };
      const keepalive = new TextEncoder().encode(JSON.stringify(body)).length <= KEEPALIVE_MAX_BYTES;
      void callSigning(this.token, "/draft", body, { method: "PUT", keepalive });
      return;
    }
    if (this.inflight) {
      this.again = true;
      return;
    }
    const wait = Math.max(this.lastStart + DRAFT_MIN_GAP_MS, this.notBefore) - Date.now();
    if (wait > 0) return this.schedule(wait);
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.lastStart = Date.now();
    this.inflight = this.send(values).finally(() => {
      this.inflight = null;
      if (this.again) {
        this.again = false;
        this.schedule(0);
      }
    });
  }

  private async send(values: DraftEntry[]) {
    // The page's language goes with each save: the signer's later mails speak what they read.
    const res = await callSigning<unknown>(this.token, "/draft", { values, locale: this.localeOf() }, { method: "PUT" });
    if (this.disposed) return;
    if (res.ok) {
      for (const e of values) this.held.set(e.fieldId, keyOf(e));
      return;
    }
    const e = res.error;
    if (isStale(e)) {
      // The session ended or the request moved on: the page loads again and says so.
      this.disposed = true;
      return this.onStale(e);
    }
    if (e.status === 429) {
      this.notBefore = Date.now() + (e.retryAfter ?? 10) * 1000;
      return this.schedule(this.notBefore - Date.now());
    }
    if (e.status === 0 || e.status >= 500) return this.schedule(DRAFT_RETRY_MS);
    // Refused (400, 413, 415, 422): the entries it names, else all sent, are not sent again until they change.
    const named = new Set((e.errors ?? []).map((x) => /^values\.(\d+)/.exec(x.field)?.[1]).filter((i) => i !== undefined));
    for (const [i, entry] of values.entries())
      if (!named.size || named.has(String(i))) this.held.set(entry.fieldId, keyOf(entry));
    this.schedule(DRAFT_DEBOUNCE_MS);
  }

  /**
   * Saves what is not saved yet at once, whatever the gap since the last save, and resolves when the
   * server has answered (at once when everything is saved). Before an upload: the server judges whether a
   * FILE field is shown by the values as saved, so a box ticked a moment ago that shows the field must be
   * there first, or the file is refused (409 FIELD_HIDDEN). One call more per upload, at most.
   */
  async saveNow(): Promise<void> {
    // The save under way may hold older values: its answer first, then whatever it did not carry.
    while (this.inflight) await this.inflight;
    if (this.disposed || this.paused) return;
    const values = this.pending();
    if (!values.length) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.lastStart = Date.now();
    const sent = this.send(values).finally(() => {
      this.inflight = null;
      if (this.again) {
        this.again = false;
        this.schedule(0);
      }
    });
    this.inflight = sent;
    await sent;
  }

  /** Before signing or declining: no save starts, and the one under way is over. */
  async pause() {
    this.paused = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.inflight;
  }

  resume() {
    this.paused = false;
    this.schedule(DRAFT_DEBOUNCE_MS);
  }

  dispose() {
    this.disposed = true;
    if (this.timer) clearTimeout(this.timer);
  }
}

/**
 * Keeps what the signer enters on the server as they fill it (PUT /api/sign/{token}/draft), so that a
 * reload or another device finds it: 800 ms after the last change, when a field loses focus, and when
 * the page is hidden or left. `opened`: the values the page opened with (the saved ones included).
 * `pause` before signing or declining, `resume` if that failed; `saveNow` before a file is uploaded.
 */
export function useDraftSaving(
  token: string,
  fields: SigningField[],
  opened: Values,
  values: Values,
  onStale: (e: ApiFailure) => void,
  locale: string,
) {
  const saver = useRef<DraftSaver | null>(null);
  const staleRef = useRef(onStale);
  const localeRef = useRef(locale);
  useEffect(() => {
    staleRef.current = onStale;
    localeRef.current = locale;
  });
  useEffect(() => {
    const s = new DraftSaver(
      token,
      fields,
      opened,
      (e) => staleRef.current(e),
      () => localeRef.current,
    );
    saver.current = s;
    const blurred = () => s.flush();
    const hidden = () => document.visibilityState === "hidden" && s.flush(true);
    const leaving = () => s.flush(true);
    document.addEventListener("focusout", blurred);
    document.addEventListener("visibilitychange", hidden);
    window.addEventListener("pagehide", leaving);
    return () => {
      document.removeEventListener("focusout", blurred);
      document.removeEventListener("visibilitychange", hidden);
      window.removeEventListener("pagehide", leaving);
      s.dispose();
      saver.current = null;
    };
  }, [token, fields, opened]);
  useEffect(() => {
    saver.current?.changed(values);
  }, [values]);
  return useMemo(
    () => ({
      pause: async () => saver.current?.pause(),
      resume: () => saver.current?.resume(),
      saveNow: async () => saver.current?.saveNow(),
    }),
    [],
  );
}
