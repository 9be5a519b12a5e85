"use client";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { documentUrl, fieldApi } from "@/lib/client/requests";
import type { DetectedAnchor } from "@/lib/client/anchors";
import type { FieldBackend } from "@/lib/client/use-field-store";
import type { FieldDto, SignatureRequestDto } from "@/lib/client/types";
import { colorAt, colorOf as colorFor } from "@/components/recipients/colors";
import { useDashboardT } from "@/components/layout/dashboard-intl";
import { AnchorPanel, defaultMapping, detectAnchors, signerRefsIn, type AnchorState } from "./anchor-panel";
import { DocumentEdits } from "./document-edits";
import { FieldPlacer, usePlacer } from "./field-placer";

interface Props {
  request: SignatureRequestDto;
  reload: () => Promise<SignatureRequestDto>;
  /** Run the anchor preview as soon as the placer opens (a draft made from a template). */
  detectOnOpen?: boolean;
}

const NO_ANCHORS: DetectedAnchor[] = [];

/**
 * The placer of a draft: its signers own the fields, which are saved to the draft as they are placed;
 * beside the palette, the anchor preview (fields from {{sN|…}} anchors) and the document edits.
 */
export function PlacerView({ request, reload, detectOnOpen }: Props) {
  const t = useDashboardT();
  const signers = useMemo(() => request.recipients.filter((r) => r.role === "SIGNER"), [request.recipients]);
  const recipientIds = useMemo(() => request.recipients.map((r) => r.id), [request.recipients]);
  const reloadFields = useCallback(async (): Promise<FieldDto[]> => (await reload()).fields, [reload]);
  const id = request.id;
  const backend = useMemo<FieldBackend>(
    () => ({
      add: (fields) => fieldApi.add(id, fields),
      update: (fieldId, patch) => fieldApi.update(id, fieldId, patch),
      remove: (fieldId) => fieldApi.remove(id, fieldId),
    }),
    [id],
  );
  const file = useMemo(() => documentUrl(request.id, request.document.version), [request.id, request.document.version]);

  // Anchors.
  const [anchorState, setAnchorState] = useState<AnchorState>({ status: "idle" });
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const detectedOnOpen = useRef(false);
  useEffect(() => {
    if (!detectOnOpen || detectedOnOpen.current) return;
    detectedOnOpen.current = true;
    setAnchorState({ status: "loading" });
    void detectAnchors(request.id).then((s) => {
      setAnchorState(s);
      if (s.status === "done") setMapping(defaultMapping(signerRefsIn(s.anchors), signers));
    });
  }, [detectOnOpen, request.id, signers]);
  // A new document version (text replaced, image stamped) moves text: detected anchors are then out of date.
  const version = request.document.version;
  const shownVersion = useRef(version);
  useEffect(() => {
    if (shownVersion.current === version) return;
    shownVersion.current = version;
    setAnchorState({ status: "idle" });
  }, [version]);
  const anchors = anchorState.status === "done" ? anchorState.anchors : NO_ANCHORS;
  const anchorColor = useCallback(
    (a: DetectedAnchor) => {
      if (!a.signerRef) return null;
      const mapped = mapping[a.signerRef];
      // Not mapped to a recipient yet: the colour of the recipient sN would be, the n-th.
      return mapped ? colorFor(recipientIds, mapped) : colorAt(Number(a.signerRef.slice(1)) - 1);
    },
    [mapping, recipientIds],
  );

  return (
    <FieldPlacer
      file={file}
      pages={request.document.pages}
      owners={signers}
      colorIds={recipientIds}
      ownerNoun="Signer"
      noOwnerMessage={t("placer.view.noOwner")}
      fields={request.fields}
      backend={backend}
      reloadFields={reloadFields}
      anchors={anchors}
      anchorColor={anchorColor}
      sidebar={
        <RequestPanels
          request={request}
          reload={reload}
          signers={signers}
          anchorState={anchorState}
          setAnchorState={setAnchorState}
          mapping={mapping}
          setMapping={setMapping}
        />
      }
    />
  );
}

/** The anchor preview and the document edits, beside a draft's palette. */
function RequestPanels(p: {
  request: SignatureRequestDto;
  reload: () => Promise<SignatureRequestDto>;
  signers: SignatureRequestDto["recipients"];
  anchorState: AnchorState;
  setAnchorState: (s: AnchorState) => void;
  mapping: Record<string, string>;
  setMapping: (m: Record<string, string>) => void;
}) {
  const { merge, goToPage } = usePlacer();
  return (
    <>
      <AnchorPanel
        requestId={p.request.id}
        signers={p.signers}
        state={p.anchorState}
        onState={p.setAnchorState}
        mapping={p.mapping}
        onMapping={p.setMapping}
        onFieldsCreated={merge}
        onGoTo={goToPage}
      />
      <DocumentEdits
        request={p.request}
        anchors={p.anchorState.status === "done" ? p.anchorState.anchors : NO_ANCHORS}
        onChanged={p.reload}
      />
    </>
  );
}
