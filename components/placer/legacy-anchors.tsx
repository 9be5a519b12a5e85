"use client";
import { useState } from "react";
import { plainError } from "@/lib/client/api";
import { anchorApi, type DetectedAnchor, type LegacyPlacement } from "@/lib/client/anchors";
import { DEFAULT_SIZE } from "@/lib/client/placer-geometry";
import type { FieldDto, RecipientDto } from "@/lib/client/types";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/feedback";
import { inputClass, Options } from "@/components/ui/form";
import { useDashboardT } from "@/components/layout/dashboard-intl";
import { usePagePlace } from "@/components/ui/page-place";
import { useFieldLabel } from "./labels";

const TYPES = ["SIGNATURE", "INITIAL", "DATE", "TEXT"] as const;
type LegacyType = (typeof TYPES)[number];

/** The field an older anchor's name suggests: {{signet:initials_1}} an INITIAL, {{signet:date}} a DATE. */
export function typeFromName(text: string): LegacyType {
  const name = text.toLowerCase();
  if (/init/.test(name)) return "INITIAL";
  if (/date|datum|fecha/.test(name)) return "DATE";
  if (/sig|sign|unterschrift|firma/.test(name)) return "SIGNATURE";
  return "TEXT";
}

interface Props {
  requestId: string;
  anchors: DetectedAnchor[];
  signers: RecipientDto[];
  onFieldsCreated: (fields: FieldDto[]) => void;
  /** Shows an anchor's page, in its document. */
  onGoTo: (a: { page: number; documentId?: string }) => void;
  /** The document a page is named with (lib/client/envelope's documentNamer: null with one document). */
  documentOf?: (documentId: string | undefined) => string | null;
}

/**
 * Older `{{signet:<name>}}` anchors: they name neither a signer nor a field type, so
 * "Create fields from anchors" cannot place them. Staff choose both here, each suggested (the type from
 * the name, the first signer), and the fields are placed over the anchors through /fields/anchored. The
 * anchor's text is hidden from signers as every `{{…}}` anchor is: the panel says so, so that a line such
 * as "Initial here:" is not left without its box unnoticed.
 */
export function LegacyAnchors({ requestId, anchors, signers, onFieldsCreated, onGoTo, documentOf = () => null }: Props) {
  const t = useDashboardT();
  const placeOf = usePagePlace();
  const fieldLabel = useFieldLabel();
  const [types, setTypes] = useState<Record<string, LegacyType>>({});
  const [who, setWho] = useState<Record<string, string>>({});
  const [placed, setPlaced] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const typeOf = (a: DetectedAnchor) => types[a.key] ?? typeFromName(a.text);
  const signerOf = (a: DetectedAnchor) => who[a.key] ?? signers[0]?.id ?? "";
  const open = anchors.filter((a) => !placed.has(a.key));

  async function place() {
    const chosen = open.filter((a) => signerOf(a));
    if (!chosen.length) return;
    setBusy(true);
    setError(null);
    try {
      const fields: LegacyPlacement[] = chosen.map((a) => ({
        anchorKey: a.text,
        occurrenceIndex: a.occurrence ?? 0,
        type: typeOf(a),
        recipientId: signerOf(a),
        xOffset: 0,
        yOffset: 0,
        ...DEFAULT_SIZE[typeOf(a)],
      }));
      const r = await anchorApi.placeAtAnchors(requestId, fields);
      onFieldsCreated(r.fields);
      setPlaced(new Set([...placed, ...chosen.map((a) => a.key)]));
    } catch (e) {
      setError(plainError(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="legacy-anchors-heading" className="space-y-2 rounded border border-amber-200 bg-amber-50 p-3">
      <h3 id="legacy-anchors-heading" className="text-sm font-semibold text-amber-900">
        {t("placer.legacy.heading", { count: anchors.length })}
      </h3>
      <p className="text-xs text-amber-900">{t("placer.legacy.explain")}</p>
      {open.length === 0 ? (
        <p role="status" className="text-xs font-medium text-amber-900">
          {t("placer.legacy.allPlaced")}
        </p>
      ) : (
        <>
          <ul className="space-y-2">
            {open.map((a) => (
              <li key={a.key} className="space-y-1 text-xs">
                <button type="button" className="text-left text-amber-900 hover:underline" onClick={() => onGoTo(a)}>
                  {t.rich("placer.legacy.item", {
                    place: placeOf(a.page, documentOf(a.documentId)),
                    text: a.text,
                    code: (chunks) => <code className="break-all">{chunks}</code>,
                  })}
                </button>
                <div className="flex gap-2">
                  <select
                    aria-label={t("placer.legacy.typeLabel", {
                      text: a.text,
                      place: placeOf(a.page, documentOf(a.documentId), true),
                    })}
                    className={inputClass}
                    value={typeOf(a)}
                    onChange={(e) => setTypes({ ...types, [a.key]: e.target.value as LegacyType })}
                  >
                    <Options items={TYPES} label={fieldLabel} />
                  </select>
                  <select
                    aria-label={t("placer.legacy.signerLabel", {
                      text: a.text,
                      place: placeOf(a.page, documentOf(a.documentId), true),
                    })}
                    className={inputClass}
                    value={signerOf(a)}
                    onChange={(e) => setWho({ ...who, [a.key]: e.target.value })}
                  >
                    <Options items={signers} value={(r) => r.id} label={(r) => r.name} />
                  </select>
                </div>
              </li>
            ))}
          </ul>
          {signers.length === 0 ? (
            <p className="text-xs text-amber-900">{t("placer.legacy.noSigners")}</p>
          ) : (
            <Button className="w-full" variant="secondary" onClick={place} disabled={busy}>
              {busy ? t("placer.legacy.placing") : t("placer.legacy.place", { count: open.length })}
            </Button>
          )}
        </>
      )}
      {error && <Alert>{error}</Alert>}
    </section>
  );
}
