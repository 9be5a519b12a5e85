"use client";
import { useState } from "react";
import { ApiError, plainError } from "@/lib/client/api";
import { anchorApi, describeSkipped, fittedSizes, fitToLine, isLegacyAnchor, type DetectedAnchor } from "@/lib/client/anchors";
import type { FieldDto, RecipientDto } from "@/lib/client/types";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/feedback";
import { inputClass, Options } from "@/components/ui/form";
import { useDashboardT } from "@/components/layout/dashboard-intl";
import { usePagePlace } from "@/components/ui/page-place";
import { LegacyAnchors } from "./legacy-anchors";

export type AnchorState =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "unavailable" }
  | { status: "error"; message: string }
  | { status: "done"; anchors: DetectedAnchor[] };

/** s1, s2, ... → recipients; by default the n-th signer in signing order. */
export function defaultMapping(refs: string[], signers: RecipientDto[]): Record<string, string> {
  const m: Record<string, string> = {};
  for (const ref of refs) {
    const n = Number(ref.slice(1)) - 1;
    if (signers[n]) m[ref] = signers[n].id;
  }
  return m;
}

export const signerRefsIn = (anchors: DetectedAnchor[]) =>
  [...new Set(anchors.filter((a) => a.ok && a.signerRef && a.type !== "image").map((a) => a.signerRef!))].sort(
    (a, b) => Number(a.slice(1)) - Number(b.slice(1)),
  );

export async function detectAnchors(requestId: string): Promise<AnchorState> {
  try {
    return { status: "done", anchors: await anchorApi.preview(requestId) };
  } catch (e) {
    if (e instanceof ApiError && (e.unavailable || e.status === 405)) return { status: "unavailable" };
    return { status: "error", message: plainError(e) };
  }
}

interface Props {
  requestId: string;
  signers: RecipientDto[];
  state: AnchorState;
  onState: (s: AnchorState) => void;
  mapping: Record<string, string>;
  onMapping: (m: Record<string, string>) => void;
  onFieldsCreated: (fields: FieldDto[]) => void;
  /** Shows an anchor's page, in its document. */
  onGoTo: (a: { page: number; documentId?: string }) => void;
  /** The document a page is named with (lib/client/envelope's documentNamer: null with one document). */
  documentOf?: (documentId: string | undefined) => string | null;
}

/**
 * "Detect anchors": the preview draws every {{...}} anchor on its page; here the signer references are
 * mapped to recipients and their fields created through /fields/anchors. Malformed anchors are listed.
 */
export function AnchorPanel({
  requestId,
  signers,
  state,
  onState,
  mapping,
  onMapping,
  onFieldsCreated,
  onGoTo,
  documentOf = () => null,
}: Props) {
  const t = useDashboardT();
  const place = usePagePlace();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ created: number; skipped: string[]; errors: string[] } | null>(null);

  async function detect() {
    setResult(null);
    onState({ status: "loading" });
    const s = await detectAnchors(requestId);
    onState(s);
    if (s.status === "done") onMapping({ ...defaultMapping(signerRefsIn(s.anchors), signers), ...mapping });
  }

  async function create() {
    if (state.status !== "done") return;
    setBusy(true);
    const out = { created: 0, skipped: [] as string[], errors: [] as string[] };
    for (const ref of signerRefsIn(state.anchors)) {
      const recipientId = mapping[ref];
      if (!recipientId) {
        out.errors.push(t("placer.anchors.chooseRecipient", { ref }));
        continue;
      }
      try {
        // Anchors fitted to their line are placed with that box; the others with their own.
        const r = await anchorApi.createFields(requestId, recipientId, ref, fittedSizes(state.anchors, ref));
        out.created += r.fields.length;
        onFieldsCreated(r.fields);
        // Each call places one signer's anchors: the others' are placed by their own call (or named in
        // errors when no recipient is chosen), so they are not "skipped" in what the person asked for.
        // Older {{signet:…}} anchors have a section of their own (LegacyAnchors), where staff place them.
        for (const s of r.skipped ?? [])
          if (s.code !== "OTHER_SIGNER" && s.code !== "LEGACY") out.skipped.push(describeSkipped(s));
      } catch (e) {
        out.errors.push(
          e instanceof ApiError && (e.unavailable || e.status === 405)
            ? t("placer.anchors.createUnavailable", { ref })
            : t("placer.anchors.createFailed", { ref, error: plainError(e) }),
        );
      }
    }
    setResult({ ...out, skipped: [...new Set(out.skipped)] });
    setBusy(false);
  }

  const anchors = state.status === "done" ? state.anchors : [];
  const refs = signerRefsIn(anchors);
  const malformed = anchors.filter((a) => !a.ok);
  const images = anchors.filter((a) => a.ok && a.type === "image");
  const legacy = anchors.filter(isLegacyAnchor);
  const covering = anchors.filter((a) => a.covering);
  const fitted = anchors.filter((a) => a.fitted);
  const fit = (key: string) => {
    if (state.status === "done") onState({ status: "done", anchors: fitToLine(state.anchors, key) });
  };

  return (
    <section aria-label={t("placer.anchors.label")} className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-semibold text-slate-700">{t("placer.anchors.heading")}</h2>
        <Button variant="secondary" onClick={detect} disabled={state.status === "loading"}>
          {state.status === "loading" ? t("placer.anchors.detecting") : t("placer.anchors.detect")}
        </Button>
      </div>
      {state.status === "idle" && (
        <p className="text-xs text-slate-500">{t("placer.anchors.idle", { example: "{{s1|signature|150|50}}" })}</p>
      )}
      {state.status === "unavailable" && <Alert kind="info">{t("placer.anchors.unavailable")}</Alert>}
      {state.status === "error" && <Alert>{state.message}</Alert>}
      {state.status === "done" && (
        <>
          <p className="text-sm text-slate-700" role="status">
            {anchors.length === 0
              ? t("placer.anchors.none")
              : malformed.length
                ? t("placer.anchors.foundMalformed", { count: anchors.length, malformed: malformed.length })
                : t("placer.anchors.found", { count: anchors.length })}
          </p>
          {covering.length > 0 && (
            <section aria-label={t("placer.anchors.coversHeading")}>
              <h3 className="text-xs font-semibold uppercase tracking-wide text-amber-800">
                {t("placer.anchors.coversHeading")}
              </h3>
              <ul className="mt-1 space-y-2 text-xs">
                {covering.map((a) => (
                  <CoveringItem
                    key={a.key}
                    a={a}
                    place={place(a.page, documentOf(a.documentId))}
                    onGoTo={onGoTo}
                    onFit={() => fit(a.key)}
                  />
                ))}
              </ul>
            </section>
          )}
          {fitted.length > 0 && (
            <ul className="space-y-1 text-xs text-slate-600" aria-label={t("placer.anchors.fittedHeading")}>
              {fitted.map((a) => (
                <li key={a.key}>
                  {t.rich(a.fontSize ? "placer.anchors.fittedItemFont" : "placer.anchors.fittedItem", {
                    text: a.text,
                    width: a.fieldWidth ?? 0,
                    height: a.fieldHeight ?? 0,
                    fontSize: a.fontSize ?? 0,
                    code: (chunks) => <code className="break-all">{chunks}</code>,
                  })}
                </li>
              ))}
            </ul>
          )}
          {refs.length > 0 && (
            <div className="space-y-2">
              {refs.map((ref) => (
                <div key={ref} className="flex items-center gap-2">
                  <label htmlFor={`map-${ref}`} className="w-24 shrink-0 text-sm text-slate-700">
                    {ref} ({anchors.filter((a) => a.ok && a.signerRef === ref && a.type !== "image").length})
                  </label>
                  <select
                    id={`map-${ref}`}
                    aria-label={t("placer.anchors.mapLabel", { ref })}
                    className={inputClass}
                    value={mapping[ref] ?? ""}
                    onChange={(e) => onMapping({ ...mapping, [ref]: e.target.value })}
                  >
                    <option value="">{t("placer.anchors.chooseSigner")}</option>
                    <Options items={signers} value={(r) => r.id} label={(r) => r.name} />
                  </select>
                </div>
              ))}
              <Button className="w-full" onClick={create} disabled={busy || signers.length === 0}>
                {busy ? t("placer.anchors.creating") : t("placer.anchors.create")}
              </Button>
            </div>
          )}
          {legacy.length > 0 && (
            <LegacyAnchors
              requestId={requestId}
              anchors={legacy}
              signers={signers}
              onFieldsCreated={onFieldsCreated}
              onGoTo={onGoTo}
              documentOf={documentOf}
            />
          )}
          {malformed.length > 0 && (
            <div>
              <h3 className="text-xs font-semibold uppercase tracking-wide text-red-700">
                {t("placer.anchors.malformedHeading")}
              </h3>
              <ul className="mt-1 space-y-1 text-xs">
                {malformed.map((a) => (
                  <li key={a.key}>
                    <button type="button" className="text-left text-red-800 hover:underline" onClick={() => onGoTo(a)}>
                      {t.rich("placer.anchors.malformedItem", {
                        place: place(a.page, documentOf(a.documentId)),
                        text: a.text,
                        reason: a.reason ?? t("placer.anchors.notValid"),
                        code: (chunks) => <code className="break-all">{chunks}</code>,
                      })}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          )}
          {images.length > 0 && <p className="text-xs text-slate-500">{t("placer.anchors.images", { count: images.length })}</p>}
        </>
      )}
      {result && (
        <Alert kind={result.errors.length ? "warning" : "success"}>
          <p>{t("placer.anchors.created", { count: result.created })}</p>
          {result.skipped.length > 0 && (
            <>
              <p className="mt-1 font-medium">{t("placer.anchors.skipped")}</p>
              <ul className="list-disc pl-4">
                {result.skipped.map((s) => (
                  <li key={s}>{s}</li>
                ))}
              </ul>
            </>
          )}
          {result.errors.map((e) => (
            <p key={e}>{e}</p>
          ))}
        </Alert>
      )}
    </section>
  );
}

/** One anchor whose field covers text or another field: what it covers, and "Fit to the line" when there is a fit. */
function CoveringItem({
  a,
  place,
  onGoTo,
  onFit,
}: {
  a: DetectedAnchor;
  /** Its page in words, with its document when there are several. */
  place: string;
  onGoTo: (a: { page: number; documentId?: string }) => void;
  onFit: () => void;
}) {
  const t = useDashboardT();
  const c = a.covering!;
  const what = [
    ...c.text.map((text) => t("placer.anchors.coversText", { text })),
    ...c.anchors.map((text) => t("placer.anchors.coversAnchor", { text })),
    ...(c.fields ? [t("placer.anchors.coversFields", { count: c.fields })] : []),
  ].join(", ");
  const placed = !!a.layout?.field.placedFieldId;
  return (
    <li className="rounded border border-amber-300 bg-amber-50 p-2" data-testid="anchor-covers">
      <button type="button" className="text-left text-amber-900 hover:underline" onClick={() => onGoTo(a)}>
        {t.rich("placer.anchors.coversItem", {
          place,
          text: a.text,
          what,
          code: (chunks) => <code className="break-all">{chunks}</code>,
        })}
      </button>
      {placed ? (
        <p className="mt-1 text-slate-600">{t("placer.anchors.coversPlaced")}</p>
      ) : (
        a.layout?.fit && (
          <Button variant="secondary" className="mt-1" onClick={onFit}>
            {t("placer.anchors.fit")}
          </Button>
        )
      )}
    </li>
  );
}
