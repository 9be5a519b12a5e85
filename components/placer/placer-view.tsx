"use client";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { fieldApi, requestDocumentUrl } from "@/lib/client/requests";
import type { DetectedAnchor } from "@/lib/client/anchors";
import { reloadingAfterSaves, type FieldBackend } from "@/lib/client/use-field-store";
import type { FieldDto, SignatureRequestDto } from "@/lib/client/types";
import { stepsById } from "@/lib/schemas/steps";
import { signerOwners, slotsOf } from "@/lib/client/signing-groups";
import { documentNamer } from "@/lib/client/envelope";
import { colorAt, colorOf as colorFor } from "@/components/recipients/colors";
import { useDashboardT } from "@/components/layout/dashboard-intl";
import { AnchorPanel, defaultMapping, detectAnchors, signerRefsIn, type AnchorState } from "./anchor-panel";
import { DocumentEdits } from "./document-edits";
import { DocumentPanel, DocumentTabs } from "./document-tabs";
import { DocumentsEditor } from "./documents-editor";
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
 * beside the palette, the anchor preview (fields from {{sN|…}} anchors) and the document edits. A request
 * of several documents shows one at a time, chosen in tabs above it: the fields placed go on that one.
 */
export function PlacerView({ request, reload, detectOnOpen }: Props) {
  const t = useDashboardT();
  // A signing group is one signer here, named by the group: its fields are the group's (its id), whoever signs.
  const signers = useMemo(
    () =>
      slotsOf(request.recipients.filter((r) => r.role === "SIGNER")).map((s) =>
        s.kind === "one"
          ? s.r
          : { ...(s.members.find((m) => m.id === s.group.id) ?? s.members[0]), id: s.group.id, name: s.group.name },
      ),
    [request.recipients],
  );
  const recipientIds = useMemo(() => request.recipients.map((r) => r.id), [request.recipients]);
  // Each signer's step as the recipients editor and the review step show it (every recipient's order counts).
  const owners = useMemo(() => {
    const steps = stepsById(request.recipients);
    return signerOwners(request.recipients.filter((r) => r.role === "SIGNER")).map((o) => ({ ...o, step: steps.get(o.id) }));
  }, [request.recipients]);
  const id = request.id;
  const [chosen, setChosen] = useState<string | null>(null);
  // The page to open a document at, when a panel asks for a page of a document not shown.
  const [startPage, setStartPage] = useState<number | undefined>(undefined);
  const choose = useCallback((id: string, page?: number) => {
    setStartPage(page);
    setChosen(id);
  }, []);
  const doc = request.documents.find((d) => d.id === chosen) ?? request.documents[0]!;
  const documentId = doc.id;
  const onDocument = useCallback((f: { documentId: string }) => f.documentId === documentId, [documentId]);
  const reloadFields = useCallback(
    async (): Promise<FieldDto[]> => (await reload()).fields.filter(onDocument),
    [reload, onDocument],
  );
  // With several documents the record is read again after each save: the tabs count each document's
  // fields, and a document shown again starts from its fields as saved.
  const several = request.documents.length > 1;
  const backend = useMemo(() => {
    const b: FieldBackend = {
      // A field placed here stands on the document shown.
      add: (fields) =>
        fieldApi.add(
          id,
          fields.map((f) => ({ ...f, documentId })),
        ),
      update: (fieldId, patch) => fieldApi.update(id, fieldId, patch),
      remove: (fieldId) => fieldApi.remove(id, fieldId),
    };
    return several ? reloadingAfterSaves(b, reload) : b;
  }, [id, documentId, several, reload]);
  const file = useMemo(() => requestDocumentUrl(id, documentId, doc.version), [id, documentId, doc.version]);
  const fields = useMemo(() => request.fields.filter(onDocument), [request.fields, onDocument]);
  const otherFields = useMemo(() => request.fields.filter((f) => !onDocument(f)), [request.fields, onDocument]);

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
  const version = request.documents.map((d) => d.version).join(".");
  const shownVersion = useRef(version);
  useEffect(() => {
    if (shownVersion.current === version) return;
    shownVersion.current = version;
    setAnchorState({ status: "idle" });
  }, [version]);
  const allAnchors = anchorState.status === "done" ? anchorState.anchors : NO_ANCHORS;
  // Those of the document shown (a template's or an old preview's name none: the first document's).
  const anchors = useMemo(
    () => allAnchors.filter((a) => (a.documentId ?? request.documents[0]?.id) === documentId),
    [allAnchors, documentId, request.documents],
  );
  const anchorColor = useCallback(
    (a: DetectedAnchor) => {
      if (!a.signerRef) return null;
      const mapped = mapping[a.signerRef];
      // Not mapped to a recipient yet: the colour of the recipient sN would be, the n-th.
      return mapped ? colorFor(recipientIds, mapped) : colorAt(Number(a.signerRef.slice(1)) - 1);
    },
    [mapping, recipientIds],
  );

  const placer = (
    <FieldPlacer
      // One placer per document: its fields, its pages, its undo history.
      key={documentId}
      file={file}
      pages={doc.pages}
      owners={owners}
      colorIds={recipientIds}
      ownerNoun="Signer"
      noOwnerMessage={t("placer.view.noOwner")}
      fields={fields}
      otherFields={otherFields}
      documentName={request.documents.length > 1 ? doc.name : null}
      backend={backend}
      reloadFields={reloadFields}
      anchors={anchors}
      anchorColor={anchorColor}
      startPage={startPage}
      sidebar={
        <RequestPanels
          request={request}
          reload={reload}
          signers={signers}
          anchorState={anchorState}
          setAnchorState={setAnchorState}
          mapping={mapping}
          setMapping={setMapping}
          onDocument={onDocument}
          documentId={documentId}
          onOtherDocument={choose}
        />
      }
    />
  );
  const detail = (d: SignatureRequestDto["documents"][number]) =>
    `${t("placer.documents.pages", { count: d.pageCount })} · ${t("placer.documents.fields", {
      count: request.fields.filter((f) => f.documentId === d.id).length,
    })}`;
  const editor = (
    <details className="mb-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
      <summary className="cursor-pointer text-sm font-semibold text-slate-700">
        {t("placer.documents.editor")}{" "}
        <span className="font-normal text-slate-600">— {request.documents.map((d) => d.name).join(" · ")}</span>
      </summary>
      <div className="mt-3">
        <DocumentsEditor
          base={`/signature-requests/${id}`}
          docs={request.documents.map((d) => ({
            id: d.id,
            name: d.name,
            detail: detail(d),
            fields: request.fields.filter((f) => f.documentId === d.id).length,
          }))}
          accept=".pdf,application/pdf"
          addLabel={t("placer.documents.addPdf")}
          onChanged={reload}
          onAdded={(added) => choose(added)}
        />
      </div>
    </details>
  );
  if (request.documents.length === 1)
    return (
      <div>
        {editor}
        {placer}
      </div>
    );
  const tabs = request.documents.map((d) => ({ id: d.id, name: d.name, detail: detail(d) }));
  return (
    <div>
      {editor}
      <DocumentTabs label={t("placer.documents.label")} docs={tabs} current={documentId} onChoose={choose} />
      <DocumentPanel current={documentId}>{placer}</DocumentPanel>
    </div>
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
  /** Whether a field stands on the document shown. */
  onDocument: (f: { documentId: string }) => boolean;
  /** The document shown, and how another is shown at a page. */
  documentId: string;
  onOtherDocument: (documentId: string, page: number) => void;
}) {
  const { merge, goToPage } = usePlacer();
  const { documentId, onOtherDocument } = p;
  const goTo = (a: { page: number; documentId?: string }) =>
    a.documentId !== undefined && a.documentId !== documentId ? onOtherDocument(a.documentId, a.page) : goToPage(a.page);
  const { reload, onDocument } = p;
  return (
    <>
      <AnchorPanel
        requestId={p.request.id}
        signers={p.signers}
        state={p.anchorState}
        onState={p.setAnchorState}
        mapping={p.mapping}
        onMapping={p.setMapping}
        // Fields made at anchors may stand on other documents: the placer shows this one's, the record all.
        onFieldsCreated={(made) => {
          merge(made.filter(onDocument));
          void reload();
        }}
        onGoTo={goTo}
        documentOf={documentNamer(p.request.documents)}
      />
      <DocumentEdits
        request={p.request}
        anchors={p.anchorState.status === "done" ? p.anchorState.anchors : NO_ANCHORS}
        onChanged={p.reload}
      />
    </>
  );
}
