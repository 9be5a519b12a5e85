"use client";
import "@/lib/client/pdf-setup";
import {
  DndContext,
  DragOverlay,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragStartEvent,
} from "@dnd-kit/core";
import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { Document } from "react-pdf";
import type { PDFDocumentProxy } from "pdfjs-dist";
import {
  boxAtScreenPoint,
  boxForDrop,
  clampBox,
  DEFAULT_SIZE,
  pageAtPoint,
  type Box,
  type Rect,
} from "@/lib/client/placer-geometry";
import { toPlaced, useFieldStore, type FieldBackend, type PlacedField } from "@/lib/client/use-field-store";
import { useFieldHistory } from "@/lib/client/use-field-history";
import type { DetectedAnchor } from "@/lib/client/anchors";
import { findOverlaps, overlappingKeys } from "@/lib/client/overlaps";
import type { FieldDto, FieldInput, FieldType } from "@/lib/client/types";
import { colorOf as colorFor, RECIPIENT_COLORS } from "@/components/recipients/colors";
import { Alert } from "@/components/ui/feedback";
import { usePagePlace } from "@/components/ui/page-place";
import { useDashboardT } from "@/components/layout/dashboard-intl";
import { useFieldLabel } from "./labels";
import { DrawPicker, Palette, RecipientPicker } from "./palette";
import { PdfPage } from "./pdf-page";
import { PropertiesPanel } from "./properties-panel";
import { formulaRef } from "@/lib/forms/formula";
import { hasPlaces } from "@/lib/client/signing-groups";
import { UndoControls } from "./undo-controls";
import { ZoomControls, ZOOM_STEPS, CSS_PX_PER_PT } from "./zoom-controls";

/** Who a field can belong to: a draft's signer, or a template's SIGNER role. */
export interface PlacerOwner {
  id: string;
  name: string;
  /** Signing order: the picker groups owners into steps. */
  order: number;
  /**
   * The step shown (lib/schemas/steps.ts: the rank of `order` among every recipient's or role's, CCs and
   * approvers included); without it, the rank among the owners'.
   */
  step?: number;
  /**
   * A signing group (a draft's group, or a template's group role): how many of its members must sign (and,
   * for a draft, how many it has). When more than one must, each field belongs to one of those places (`seat`).
   */
  group?: { required: number; size?: number } | null;
}

/** What the side panels beside the pages can do with the placer (usePlacer, inside `sidebar`). */
export interface PlacerContext {
  /** Fields created elsewhere (from anchors) join the placer as they are. */
  merge: (created: FieldDto[]) => void;
  goToPage: (n: number) => void;
}
const PlacerCtx = createContext<PlacerContext | null>(null);

/** The placer a side panel sits in. */
export function usePlacer(): PlacerContext {
  const ctx = useContext(PlacerCtx);
  if (!ctx) throw new Error("usePlacer is for panels inside a FieldPlacer's sidebar");
  return ctx;
}

export interface FieldPlacerProps {
  /** The PDF to draw (a URL the browser may fetch), and a value that changes with each new version of it. */
  file: string;
  pages: { width: number; height: number }[];
  /** Who new fields can be for, in order. */
  owners: PlacerOwner[];
  /** Every id colours are given by (recipients or roles, CCs included), so a colour stays with its owner. */
  colorIds: string[];
  /** What owners are called in the panels: "Signer" or "Role" (the words themselves come from placer.json). */
  ownerNoun: "Signer" | "Role";
  /** Shown when there is no owner yet. */
  noOwnerMessage: string;
  fields: FieldDto[];
  /**
   * The fields on the owner's other documents: never drawn here, but a formula or a rule may read them
   * (the server judges a form over every document), so the checks beside the pages see them too.
   */
  otherFields?: FieldDto[];
  /** The name of the document shown, when there are several (a page is then named with its document). */
  documentName?: string | null;
  backend: FieldBackend;
  reloadFields: () => Promise<FieldDto[]>;
  /** Anchors to draw over the pages, and the colour each is drawn in. */
  anchors: DetectedAnchor[];
  anchorColor: (a: DetectedAnchor) => { solid: string; fill: string; text: string } | null;
  /** Panels under the palette (anchors, document edits); they reach the placer with usePlacer(). */
  sidebar?: React.ReactNode;
  /** The page to show first (a panel asked for a page of this document while another was shown). */
  startPage?: number;
}

/**
 * What a drag may scroll: the pages' own viewer, not the window. A drag held near the window's lower edge
 * scrolled the whole page, so the viewer moved out from under the pointer and the drop landed outside it
 * (nothing placed); the viewer scrolls by itself near its own edges.
 */
const scrollsDuringDrag = (element: Element) =>
  element !== document.scrollingElement && element !== document.documentElement && element !== document.body;

const NO_FIELDS: never[] = [];
const NO_ANCHORS: DetectedAnchor[] = [];

type Drag =
  | { kind: "palette"; type: FieldType; grabX: number; grabY: number }
  | { kind: "field"; key: string; grabX: number; grabY: number };

/**
 * The field placer: a PDF's pages (react-pdf; only pages near the viewport are drawn), a palette dragged
 * onto them (dnd-kit), and the fields as boxes in PDF points from the page's top-left, saved as they are
 * placed. Used for a draft (PlacerView) and for a template (the template builder). Fields that overlap
 * are outlined and named.
 */
export function FieldPlacer(props: FieldPlacerProps) {
  const { pages, owners: signers, colorIds, backend, reloadFields, ownerNoun } = props;
  useEffect(() => void performance.mark("signet:placer-committed"), []);
  const store = useFieldStore(backend, props.fields, reloadFields);
  const history = useFieldHistory(store);
  const t = useDashboardT();
  const fieldLabel = useFieldLabel();
  const place = usePagePlace();
  const { otherFields = NO_FIELDS } = props;
  const others = useMemo(() => otherFields.map(toPlaced), [otherFields]);
  const defaultWords: DefaultWords = {
    choice: t("placer.defaults.choice"),
    option: (n) => t("placer.defaults.option", { n }),
  };

  const [chosen, setChosen] = useState<string | null>(signers[0]?.id ?? null);
  // The signer new fields go to: the one chosen, or the first while none is (or the chosen one is no longer a signer).
  const active = chosen && signers.some((s) => s.id === chosen) ? chosen : (signers[0]?.id ?? null);
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const selected = store.fields.find((f) => f.key === selectedKey) ?? null;
  // A field added from the palette takes the focus once it is on its page, so the keyboard can move it at once.
  const [focusKey, setFocusKey] = useState<string | null>(null);
  // The type a rectangle dragged on a page becomes (null: dragging on a page draws nothing).
  const [drawType, setDrawType] = useState<FieldType | null>(null);

  // Zoom: "fit" follows the width of the viewer; otherwise a fixed number of CSS px per point.
  const scroller = useRef<HTMLDivElement>(null);
  const [viewerWidth, setViewerWidth] = useState(0);
  const [zoom, setZoom] = useState<"fit" | number>("fit");
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setViewerWidth(el.clientWidth));
    ro.observe(el);
    setViewerWidth(el.clientWidth);
    return () => ro.disconnect();
  }, []);
  const maxPageWidth = Math.max(...pages.map((p) => p.width));
  const fitScale =
    viewerWidth > 0 ? Math.min(Math.max((viewerWidth - 48) / maxPageWidth, 0.25), 2 * CSS_PX_PER_PT) : CSS_PX_PER_PT;
  const scale = zoom === "fit" ? fitScale : zoom;
  const setScaleKeepingPlace = (next: "fit" | number) => {
    const el = scroller.current;
    const before = scale;
    const after = next === "fit" ? fitScale : next;
    setZoom(next);
    if (el) requestAnimationFrame(() => (el.scrollTop = (el.scrollTop * after) / before));
  };

  // Which pages to draw. Pages in view are drawn at once; pages just outside it (400 px) once the first
  // page has been drawn, so that drawing the next page never delays the first one.
  const pageEls = useRef(new Map<number, HTMLElement>());
  const near = usePagesIntersecting(scroller, pageEls, "400px 0px");
  const inView = usePagesIntersecting(scroller, pageEls, "0px");
  const [warm, setWarm] = useState(false);
  // pdf.js draws on the main thread: the next pages wait until the browser is idle after the first one.
  const warming = useRef(false);
  const onDrawn = useCallback(() => {
    if (warming.current) return;
    warming.current = true;
    if ("requestIdleCallback" in window) window.requestIdleCallback(() => setWarm(true), { timeout: 600 });
    else setTimeout(() => setWarm(true), 200);
  }, []);
  const register = useCallback(
    (n: number, el: HTMLElement | null) => {
      const prev = pageEls.current.get(n);
      if (prev === el) return;
      if (prev) for (const o of [near.observer, inView.observer]) o.current?.unobserve(prev);
      if (el) {
        pageEls.current.set(n, el);
        for (const o of [near.observer, inView.observer]) o.current?.observe(el);
      } else pageEls.current.delete(n);
    },
    [near.observer, inView.observer],
  );
  const visible = near.pages;
  const rectOf = (n: number): Rect | null => pageEls.current.get(n)?.getBoundingClientRect() ?? null;
  const pageRects = () => {
    const m = new Map<number, Rect>();
    for (const n of visible) {
      const r = rectOf(n);
      if (r) m.set(n, r);
    }
    return m;
  };
  const pageInView = () => {
    const el = scroller.current;
    if (!el) return 1;
    const mid = el.getBoundingClientRect().top + el.clientHeight / 2;
    let best = 1;
    let bestDist = Infinity;
    for (const [n, r] of pageRects()) {
      const d = r.top <= mid && r.top + r.height >= mid ? 0 : Math.min(Math.abs(r.top - mid), Math.abs(r.top + r.height - mid));
      if (d < bestDist) [best, bestDist] = [n, d];
    }
    return best;
  };
  const goToPage = useCallback((n: number) => pageEls.current.get(n)?.scrollIntoView({ behavior: "smooth", block: "start" }), []);
  const { startPage } = props;
  useEffect(() => {
    if (startPage === undefined || startPage < 2) return;
    // After the first layout: the pages' boxes are there before their drawings.
    const frame = requestAnimationFrame(() => goToPage(startPage));
    return () => cancelAnimationFrame(frame);
  }, [startPage, goToPage]);
  const { merge } = store;
  const sidebarContext = useMemo<PlacerContext>(() => ({ merge, goToPage }), [merge, goToPage]);

  // The PDF: loaded once per document version; pages draw themselves when visible.
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [pdfError, setPdfError] = useState<string | null>(null);
  const file = props.file;
  const anchorsByPage = useMemo(() => {
    const m = new Map<number, DetectedAnchor[]>();
    for (const a of props.anchors) m.set(a.page, [...(m.get(a.page) ?? []), a]);
    return m;
  }, [props.anchors]);

  const storeFields = store.fields;
  const fieldsByPage = useMemo(() => {
    const m = new Map<number, typeof storeFields>();
    for (const f of storeFields) m.set(f.page, [...(m.get(f.page) ?? []), f]);
    return m;
  }, [storeFields]);

  const colorOf = useCallback((id: string) => colorFor(colorIds, id), [colorIds]);
  // A field of a group whose signatures fall into places is named with its place ("Directors · place 2").
  const placeOf = useCallback(
    (id: string, seat: number | undefined) => (hasPlaces(signers.find((r) => r.id === id)?.group) ? (seat ?? 1) : null),
    [signers],
  );
  const nameOf = useCallback(
    (id: string, seat?: number) => {
      const name =
        signers.find((r) => r.id === id)?.name ??
        t(ownerNoun === "Role" ? "placer.fieldPlacer.unknownRole" : "placer.fieldPlacer.unknownSigner");
      const placed = placeOf(id, seat);
      return placed === null ? name : t("placer.box.ownerPlace", { name, seat: placed });
    },
    [signers, ownerNoun, t, placeOf],
  );
  const anchorColor = props.anchorColor;
  // What the form checks read: this document's fields as placed, and those of the other documents.
  const formFields = useMemo(() => [...storeFields, ...others], [storeFields, others]);

  // Overlapping fields: outlined on the page, and named above the pages.
  const overlaps = useMemo(() => findOverlaps(storeFields), [storeFields]);
  const overlapping = useMemo(() => overlappingKeys(overlaps), [overlaps]);

  // Stable, so that the 300 memoised pages of a long document do not all render again on each change.
  const { update: updateField, remove: removeField } = history;
  const onFieldChange = useCallback(
    (key: string, patch: Partial<FieldInput>, delay: number) => updateField(key, patch, { delay }),
    [updateField],
  );
  const onFieldDelete = useCallback(
    (key: string) => {
      removeField(key);
      setSelectedKey(null);
    },
    [removeField],
  );

  const undoOrRedo = (which: "undo" | "redo") => {
    const key = which === "undo" ? history.undo() : history.redo();
    if (key === undefined) return;
    setSelectedKey(key);
    if (key) setFocusKey(key);
  };
  const undoRef = useRef(undoOrRedo);
  useLayoutEffect(() => {
    undoRef.current = undoOrRedo;
  });
  // Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y redo (⌘ on a Mac); a text box keeps its own undo.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
      const k = e.key.toLowerCase();
      if (k !== "z" && k !== "y") return;
      const el = e.target as HTMLElement | null;
      if (el && (el.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(el.tagName))) return;
      e.preventDefault();
      undoRef.current(k === "y" || e.shiftKey ? "redo" : "undo");
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  useEffect(() => {
    if (!focusKey) return;
    const el = scroller.current?.querySelector<HTMLElement>(`[data-field-key="${CSS.escape(focusKey)}"]`);
    if (!el) return;
    el.focus();
    setFocusKey(null);
  }, [focusKey, storeFields]);

  const addField = (type: FieldType, page: number, box: Box): string | null => {
    if (!active) {
      store.setError(props.noOwnerMessage);
      return null;
    }
    // A group's next field goes to the place of the group's field selected (placing place 2's fields one by one).
    const seat = selected?.recipientId === active && placeOf(active, selected.seat) !== null ? selected.seat : undefined;
    const key = history.add({
      type,
      recipientId: active,
      page,
      ...box,
      required: true,
      ...(seat !== undefined && seat > 1 && { seat }),
      ...newFieldDefaults(type, active, formFields, defaultWords),
    });
    setSelectedKey(key);
    return key;
  };
  const addAtPageInView = (type: FieldType) => {
    const n = pageInView();
    const p = pages[n - 1];
    if (!p) return;
    const s = DEFAULT_SIZE[type];
    const key = addField(type, n, clampBox({ x: (p.width - s.width) / 2, y: (p.height - s.height) / 2, ...s }, p));
    if (key) setFocusKey(key);
  };
  const drawField = useRef(addField);
  useLayoutEffect(() => {
    drawField.current = addField;
  });
  // Stable for the memoised pages: the latest addField through a ref.
  const onDraw = useCallback((type: FieldType, page: number, box: Box) => drawField.current(type, page, box), []);

  // Drag and drop. The pointer is followed directly, so the drop point is exact however the viewer scrolled.
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
  const pointer = useRef({ x: 0, y: 0 });
  const [drag, setDragState] = useState<Drag | null>(null);
  // The drop reads the drag from here, not from the render's state: a quick drag on a slow machine can end
  // before React has rendered its start, and the drop would then see no drag and place nothing.
  const dragRef = useRef<Drag | null>(null);
  const setDrag = (d: Drag | null) => {
    dragRef.current = d;
    setDragState(d);
  };
  const follow = useCallback((e: PointerEvent) => (pointer.current = { x: e.clientX, y: e.clientY }), []);

  function onDragStart(e: DragStartEvent) {
    const ev = e.activatorEvent as PointerEvent;
    pointer.current = { x: ev.clientX, y: ev.clientY };
    window.addEventListener("pointermove", follow, { capture: true });
    // Where in the dragged element it was grabbed (dnd-kit's own initial rect is not measured yet here).
    const node = (ev.target as HTMLElement | null)?.closest("[data-drag-node]");
    const initial = node?.getBoundingClientRect() ?? e.active.rect.current.initial;
    const grabX = initial ? ev.clientX - initial.left : 0;
    const grabY = initial ? ev.clientY - initial.top : 0;
    const data = e.active.data.current as { kind: "palette"; type: FieldType } | { kind: "field"; key: string };
    setDrag(
      data.kind === "palette"
        ? { kind: "palette", type: data.type, grabX, grabY }
        : { kind: "field", key: data.key, grabX, grabY },
    );
    if (data.kind === "field") setSelectedKey(data.key);
  }

  function onDragEnd(e: DragEndEvent) {
    window.removeEventListener("pointermove", follow, { capture: true });
    const d = dragRef.current;
    setDrag(null);
    if (!d) return;
    const p = pointer.current;
    // Only where the viewer shows the page: a page's hidden part (scrolled under the toolbar) is no target.
    const view = scroller.current?.getBoundingClientRect();
    const inView = !!view && p.x >= view.left && p.x <= view.right && p.y >= view.top && p.y <= view.bottom;
    const overPage = (e.over?.data.current as { page?: number } | undefined)?.page ?? null;
    const n = inView ? (pageAtPoint(p, pageRects()) ?? overPage) : null;
    if (d.kind === "palette") {
      if (!n) return;
      const rect = rectOf(n);
      const size = pages[n - 1];
      if (rect && size) addField(d.type, n, boxForDrop(p, d.type, rect, size));
      return;
    }
    const f = store.fields.find((x) => x.key === d.key);
    const target = n ?? (inView ? f?.page : undefined);
    const rect = target ? rectOf(target) : null;
    const size = target ? pages[target - 1] : undefined;
    if (!f || !target || !rect || !size) return;
    const box = boxAtScreenPoint({ x: p.x - d.grabX, y: p.y - d.grabY }, { width: f.width, height: f.height }, rect, size);
    history.update(f.key, { page: target, ...box }, { delay: 0 });
  }

  const overlay = drag?.kind === "palette" ? drag : null;
  const activeColor = active ? colorOf(active) : RECIPIENT_COLORS[0];
  const selectedPage = selected ? pages[selected.page - 1] : undefined;

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={pointerWithin}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDrag(null)}
      autoScroll={{ threshold: { x: 0, y: 0.15 }, canScroll: scrollsDuringDrag }}
    >
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[15rem_minmax(0,1fr)_17rem]">
        <aside className="space-y-5 lg:max-h-[calc(100vh-9rem)] lg:overflow-y-auto lg:pr-1">
          <RecipientPicker
            signers={signers}
            value={active}
            onChange={setChosen}
            colorOf={colorOf}
            emptyMessage={props.noOwnerMessage}
          />
          <Palette color={activeColor.solid} onAdd={addAtPageInView} />
          <DrawPicker value={drawType} onChange={setDrawType} />
          <PlacerCtx.Provider value={sidebarContext}>{props.sidebar}</PlacerCtx.Provider>
        </aside>

        <div className="min-w-0">
          <div className="mb-2 flex flex-wrap items-center gap-3">
            <ZoomControls scale={scale} fit={zoom === "fit"} onZoom={setScaleKeepingPlace} steps={ZOOM_STEPS} />
            <UndoControls
              canUndo={history.canUndo}
              canRedo={history.canRedo}
              onUndo={() => undoOrRedo("undo")}
              onRedo={() => undoOrRedo("redo")}
            />
            <span className="text-xs text-slate-500">
              {t("placer.fieldPlacer.summary", { pages: pages.length, fields: store.fields.length })}
            </span>
            <span className="ml-auto text-xs" role="status" aria-live="polite" data-testid="save-status">
              {store.saving ? (
                <span className="text-slate-500">{t("placer.fieldPlacer.saving")}</span>
              ) : store.error ? (
                <span className="text-red-700">{t("placer.fieldPlacer.notSaved")}</span>
              ) : (
                <span className="text-emerald-700">{t("placer.fieldPlacer.allSaved")}</span>
              )}
            </span>
          </div>
          {store.error && (
            <div className="mb-2">
              <Alert>{store.error}</Alert>
            </div>
          )}
          {pdfError && (
            <div className="mb-2">
              <Alert>{pdfError}</Alert>
            </div>
          )}
          {overlaps.length > 0 && (
            <div className="mb-2" data-testid="overlap-warning">
              <Alert kind="warning" title={t("placer.fieldPlacer.overlapTitle")}>
                <p>{t("placer.fieldPlacer.overlapIntro")}</p>
                <ul className="mt-1 list-disc pl-4">
                  {overlaps.slice(0, 6).map(([a, b]) => (
                    <li key={`${a.key}+${b.key}`}>
                      <button type="button" className="text-left hover:underline" onClick={() => setSelectedKey(a.key)}>
                        {t("placer.fieldPlacer.overlapItem", {
                          place: place(a.page, props.documentName ?? null),
                          a: fieldLabel(a.type),
                          aName: nameOf(a.recipientId, a.seat),
                          b: fieldLabel(b.type),
                          bName: nameOf(b.recipientId, b.seat),
                        })}
                      </button>
                    </li>
                  ))}
                </ul>
                {overlaps.length > 6 && (
                  <p className="mt-1">{t("placer.fieldPlacer.overlapMore", { count: overlaps.length - 6 })}</p>
                )}
              </Alert>
            </div>
          )}
          <Document
            file={file}
            onLoadSuccess={(p) => {
              performance.mark("signet:pdf-loaded");
              setPdf(p);
              setPdfError(null);
            }}
            onLoadError={() => setPdfError(t("placer.fieldPlacer.pdfError"))}
            loading={null}
            error={null}
            noData={null}
            className="hidden"
          />
          <div
            ref={scroller}
            data-testid="placer-viewer"
            // Reachable by keyboard (WCAG 2.1.1): Tab stops here, and the arrow keys and Page Up/Down scroll the pages.
            role="region"
            aria-label={t("placer.fieldPlacer.pagesLabel")}
            className="h-[70vh] overflow-auto rounded-lg bg-slate-200/70 p-4 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 lg:h-[calc(100vh-12rem)]"
            tabIndex={0}
          >
            <div className="flex flex-col items-center gap-4" style={{ minWidth: maxPageWidth * scale }}>
              {pages.map((size, i) => {
                const n = i + 1;
                const draw = inView.pages.has(n) || (warm && near.pages.has(n));
                return (
                  <PdfPage
                    key={n}
                    number={n}
                    pageCount={pages.length}
                    size={size}
                    scale={scale}
                    pdf={draw ? pdf : null}
                    visible={draw}
                    onDrawn={onDrawn}
                    fields={fieldsByPage.get(n) ?? NO_FIELDS}
                    anchors={anchorsByPage.get(n) ?? NO_ANCHORS}
                    selectedKey={selected?.page === n ? selectedKey : null}
                    overlapping={overlapping}
                    colorOf={colorOf}
                    nameOf={nameOf}
                    placeOf={placeOf}
                    anchorColor={anchorColor}
                    register={register}
                    onSelect={setSelectedKey}
                    onChange={onFieldChange}
                    onDelete={onFieldDelete}
                    drawType={drawType}
                    onDraw={onDraw}
                  />
                );
              })}
            </div>
          </div>
        </div>

        <aside className="lg:max-h-[calc(100vh-9rem)] lg:overflow-y-auto">
          {selected && selectedPage ? (
            <PropertiesPanel
              key={selected.key}
              f={selected}
              page={selectedPage}
              signers={signers}
              ownerNoun={ownerNoun}
              onChange={(patch, delay) => history.update(selected.key, patch, { delay })}
              defaultsFor={(type) =>
                newFieldDefaults(
                  type,
                  selected.recipientId,
                  formFields.filter((x) => x.key !== selected.key),
                  defaultWords,
                )
              }
              onDelete={() => onFieldDelete(selected.key)}
              groupOptions={radioGroupOptions(selected, store.fields)}
              fields={formFields}
              documentName={props.documentName ?? null}
            />
          ) : (
            <div className="space-y-2 text-sm text-slate-600">
              <h2 className="text-sm font-semibold text-slate-700">{t("placer.fieldPlacer.propertiesHeading")}</h2>
              <p>{t(ownerNoun === "Role" ? "placer.fieldPlacer.selectHintRole" : "placer.fieldPlacer.selectHintSigner")}</p>
              <p className="text-xs text-slate-500">{t("placer.fieldPlacer.keysHint")}</p>
              <FieldSummary fields={store.fields} signers={signers} colorOf={colorOf} />
            </div>
          )}
        </aside>
      </div>

      <DragOverlay dropAnimation={null}>
        {overlay ? (
          <div className="relative h-0 w-0">
            <div
              data-testid="drag-ghost"
              className="absolute flex items-start rounded-sm border-2 px-1 pt-0.5 text-[11px] font-medium shadow-lg"
              style={{
                left: overlay.grabX - (DEFAULT_SIZE[overlay.type].width * scale) / 2,
                top: overlay.grabY - (DEFAULT_SIZE[overlay.type].height * scale) / 2,
                width: DEFAULT_SIZE[overlay.type].width * scale,
                height: DEFAULT_SIZE[overlay.type].height * scale,
                borderColor: activeColor.solid,
                background: activeColor.fill,
                color: activeColor.solid,
              }}
            >
              {fieldLabel(overlay.type)}
            </div>
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}

function FieldSummary({
  fields,
  signers,
  colorOf,
}: {
  fields: { recipientId: string }[];
  signers: PlacerOwner[];
  colorOf: (id: string) => { solid: string };
}) {
  const t = useDashboardT();
  if (signers.length === 0) return null;
  return (
    <ul className="mt-3 space-y-1 border-t border-slate-200 pt-3">
      {signers.map((s) => {
        const n = fields.filter((f) => f.recipientId === s.id).length;
        return (
          <li key={s.id} className="flex items-center gap-2 text-xs">
            <span aria-hidden className="h-2.5 w-2.5 rounded-full" style={{ background: colorOf(s.id).solid }} />
            <span className="truncate">{s.name}</span>
            <span className={`ml-auto ${n ? "text-slate-500" : "font-medium text-amber-700"}`}>
              {n ? t("placer.fieldPlacer.fieldCount", { count: n }) : t("placer.fieldPlacer.noFieldsYet")}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** The pages (by number) whose element intersects the scroller, grown by `margin`; one observer for all. */
function usePagesIntersecting(
  root: React.RefObject<HTMLElement | null>,
  els: React.RefObject<Map<number, HTMLElement>>,
  margin: string,
) {
  const [pages, setPages] = useState<Set<number>>(() => new Set([1]));
  const observer = useRef<IntersectionObserver | null>(null);
  useEffect(() => {
    const io = new IntersectionObserver(
      (entries) => {
        setPages((prev) => {
          const next = new Set(prev);
          for (const e of entries) {
            const n = Number((e.target as HTMLElement).dataset.page);
            if (e.isIntersecting) next.add(n);
            else next.delete(n);
          }
          return next.size === prev.size && [...next].every((n) => prev.has(n)) ? prev : next;
        });
      },
      { root: root.current, rootMargin: margin },
    );
    observer.current = io;
    for (const el of els.current.values()) io.observe(el);
    return () => io.disconnect();
  }, [root, els, margin]);
  return { pages, observer };
}

const TEXT_LIKE: FieldType[] = ["TEXT", "DROPDOWN", "NUMBER", "NAME", "EMAIL", "FORMULA"];

/** A RADIO's group as placed so far (the signer's buttons with its group name): each button's option. */
function radioGroupOptions(f: PlacedField, fields: PlacedField[]): string[] {
  if (f.type !== "RADIO" || !f.group) return [];
  return fields
    .filter((x) => x.type === "RADIO" && x.recipientId === f.recipientId && x.group === f.group && x.option)
    .map((x) => x.option ?? "");
}

/** The words a new field's options start with, in the dashboard's language: "Choice", "Option 1". */
interface DefaultWords {
  choice: string;
  option: (n: number) => string;
}

/**
 * What a new field of each type starts with, so the API accepts it at once: a DROPDOWN two options to
 * edit; a RADIO button the signer's last group (or "Choice") and the next free "Option n" in it.
 */
export function newFieldDefaults(
  type: FieldType,
  recipientId: string,
  fields: FieldInput[],
  words: DefaultWords,
): Partial<FieldInput> {
  const text = TEXT_LIKE.includes(type) ? { fontSize: 12 } : {};
  if (type === "DROPDOWN") return { ...text, options: [words.option(1), words.option(2)] };
  if (type === "FORMULA") {
    // The sum of this signer's named numbers, to start from (a formula is required).
    const names = fields.filter((f) => f.type === "NUMBER" && f.recipientId === recipientId && f.name).map((f) => f.name!);
    return {
      ...text,
      formula: names.length ? `sum(${names.map(formulaRef).join(", ")})` : "0",
    };
  }
  if (type !== "RADIO") return text;
  const mine = fields.filter((f) => f.type === "RADIO" && f.recipientId === recipientId);
  const group = mine.at(-1)?.group ?? words.choice;
  const taken = new Set(mine.filter((f) => f.group === group).map((f) => f.option));
  let n = 1;
  while (taken.has(words.option(n))) n++;
  return { group, option: words.option(n) };
}
