"use client";
import { useCallback, useMemo } from "react";
import {
  anchorsOfTemplate,
  asPlacerField,
  templateDocumentUrl,
  templateFieldBackend,
  type TemplateDocument,
  type TemplateRecord,
} from "@/lib/client/templates";
import type { DetectedAnchor } from "@/lib/client/anchors";
import type { FieldDto } from "@/lib/client/types";
import { reloadingAfterSaves } from "@/lib/client/use-field-store";
import { colorAt, colorOf as colorFor } from "@/components/recipients/colors";
import { FieldPlacer } from "@/components/placer/field-placer";
import { stepsById } from "@/lib/schemas/steps";
import { useDashboardT } from "@/components/layout/dashboard-intl";

/**
 * The placer over one of a template's PDF documents: fields belong to its SIGNER roles and are stored on
 * the template, on that document, as they are placed. The anchors the file carries are drawn where they
 * are (they place their own fields when the template is used).
 */
export function TemplatePlacer({
  t,
  doc,
  reload,
}: {
  t: TemplateRecord;
  doc: TemplateDocument;
  reload: () => Promise<TemplateRecord>;
}) {
  const tr = useDashboardT();
  const id = t.id;
  const documentId = doc.id;
  // With several documents the record is read again after each save: the tabs count each document's fields.
  const several = t.documents.length > 1;
  const backend = useMemo(() => {
    const b = templateFieldBackend(id, t.roles, documentId);
    return several ? reloadingAfterSaves(b, reload) : b;
  }, [id, t.roles, documentId, several, reload]);
  // Each SIGNER role's step as the template form and the certificate show it (every role's order counts); a
  // group role's fields fall into places when more than one of its people must sign.
  const owners = useMemo(() => {
    const steps = stepsById(t.roles);
    return t.roles
      .filter((r) => r.role === "SIGNER")
      .map((r) => ({ id: r.id, name: r.name, order: r.order, step: steps.get(r.id), group: r.group }));
  }, [t.roles]);
  const roleIds = useMemo(() => t.roles.map((r) => r.id), [t.roles]);
  const fields = useMemo(() => t.fields.filter((f) => f.documentId === documentId).map(asPlacerField), [t.fields, documentId]);
  const otherFields = useMemo(
    () => t.fields.filter((f) => f.documentId !== documentId).map(asPlacerField),
    [t.fields, documentId],
  );
  const anchors = useMemo(() => anchorsOfTemplate(doc), [doc]);
  const reloadFields = useCallback(
    async (): Promise<FieldDto[]> => (await reload()).fields.filter((f) => f.documentId === documentId).map(asPlacerField),
    [reload, documentId],
  );
  const anchorColor = useCallback(
    (a: DetectedAnchor) => {
      if (!a.signerRef) return null;
      const role = t.roles.find((r) => r.signerRef === a.signerRef);
      return role ? colorFor(roleIds, role.id) : colorAt(Number(a.signerRef.slice(1)) - 1);
    },
    [t.roles, roleIds],
  );
  const placedByAnchor = anchors.filter((a) => a.ok && a.type !== "image" && a.type !== "legacy").length;

  return (
    <FieldPlacer
      file={templateDocumentUrl(id, doc)}
      pages={doc.pages ?? []}
      owners={owners}
      colorIds={roleIds}
      ownerNoun="Role"
      noOwnerMessage={tr("templates.placer.noOwner")}
      fields={fields}
      otherFields={otherFields}
      documentName={t.documents.length > 1 ? doc.name : null}
      backend={backend}
      reloadFields={reloadFields}
      anchors={anchors}
      anchorColor={anchorColor}
      sidebar={
        <section aria-label={tr("templates.placer.anchors")} className="space-y-1 text-xs text-slate-600">
          <h2 className="text-sm font-semibold text-slate-700">{tr("templates.placer.anchors")}</h2>
          {anchors.length === 0 ? (
            <p>{tr("templates.placer.noAnchors")}</p>
          ) : (
            <p>
              {placedByAnchor
                ? tr("templates.placer.anchorsDrawnPlaced", { count: anchors.length, placed: placedByAnchor })
                : tr("templates.placer.anchorsDrawn", { count: anchors.length })}
            </p>
          )}
        </section>
      }
    />
  );
}
