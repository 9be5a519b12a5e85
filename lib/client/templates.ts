"use client";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, ApiError } from "./api";
import type { DetectedAnchor } from "./anchors";
import type { FieldBackend } from "./use-field-store";
import type { FieldDto, FieldInput, RequestBody, ResponseData, SignatureRequestDto, TemplateDto } from "./types";

export function useTemplates() {
  return useInfiniteQuery({
    queryKey: ["templates"],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      api<ResponseData<"listTemplates">>(`/templates?limit=50${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ""}`),
    getNextPageParam: (last) => last.nextCursor ?? null,
  });
}

export type UseTemplateInput = RequestBody<"useTemplate">;

export function useTemplateActions() {
  const qc = useQueryClient();
  const use = useMutation({
    mutationFn: ({ id, input }: { id: string; input: UseTemplateInput }) =>
      api<SignatureRequestDto>(`/signature-requests/templates/${id}/use`, { method: "POST", json: input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ["requests", "list"] }),
  });
  const remove = useMutation({
    mutationFn: (id: string) => api(`/templates/${id}`, { method: "DELETE" }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ["templates"] }),
  });
  /** Sends a draft made from a template at once (POST /signature-requests/{id}/send). */
  const send = useMutation({
    mutationFn: (requestId: string) => api<SignatureRequestDto>(`/signature-requests/${requestId}/send`, { method: "POST" }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ["requests", "list"] }),
  });
  return { use, remove, send };
}

/**
 * Whether a draft from the template can be sent without opening it: every role that signs has a stored
 * field or an anchor naming it (a template without roles: its anchors). A list item only knows its number
 * of fields, so any stored field counts there.
 */
export function readyToSend(
  t: Pick<TemplateDto, "roles" | "anchors"> & ({ fields: { roleId: string }[] } | { fieldCount?: number }),
): boolean {
  const anchored = new Set(signerRefsOf(t));
  const signing = t.roles.filter((r) => r.role === "SIGNER");
  if (t.roles.length === 0) return anchored.size > 0;
  if (signing.length === 0) return false;
  if ("fields" in t) return signing.every((r) => anchored.has(r.signerRef) || t.fields.some((f) => f.roleId === r.id));
  return signing.every((r) => anchored.has(r.signerRef)) || ((t.fieldCount ?? 0) > 0 && signing.length === 1);
}

/** Whether a template has a DOCX document, which a use call fills from templateData. */
export const fillsDocx = (t: Pick<TemplateDto, "documents">) => t.documents.some((d) => d.kind === "DOCX");

/** What a template is made of: its documents' kinds, each once ("PDF", "PDF + DOCX"). */
export const kindsOf = (t: Pick<TemplateDto, "documents">) => [...new Set(t.documents.map((d) => d.kind))].join(" + ");

/** The signer references a template's anchors name (s1, s2, ...), in order. */
export function signerRefsOf(t: Pick<TemplateDto, "anchors">): string[] {
  const refs = new Set<string>();
  for (const a of t.anchors) {
    const ref = a.anchor?.signerRef;
    if (typeof ref === "string" && /^s\d+$/.test(ref)) refs.add(ref);
  }
  return [...refs].sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));
}

/** A template with its roles and stored fields (GET /templates/{id}). */
export type TemplateRecord = ResponseData<"getTemplate">;
export type TemplateRole = TemplateRecord["roles"][number];
export type TemplateField = TemplateRecord["fields"][number];
export type RoleInput = RequestBody<"putTemplateRoles">["roles"][number];

export const templateKeys = { one: (id: string) => ["templates", "one", id] as const };

export function useTemplateRecord(id: string) {
  return useQuery({
    queryKey: templateKeys.one(id),
    queryFn: () => api<TemplateRecord>(`/templates/${id}`),
    staleTime: 0,
    refetchOnMount: "always",
  });
}

export type TemplateDocument = TemplateRecord["documents"][number];

/** A template document's file through the proxy; the hash makes each upload its own URL. */
export const templateDocumentUrl = (id: string, doc: Pick<TemplateDocument, "id" | "sha256">) =>
  `/api/dashboard/templates/${id}/documents/${doc.id}?v=${doc.sha256.slice(0, 16)}`;

export function useTemplateEdits(id: string) {
  const qc = useQueryClient();
  const refresh = () =>
    Promise.all([qc.invalidateQueries({ queryKey: templateKeys.one(id) }), qc.invalidateQueries({ queryKey: ["templates"] })]);
  const rename = useMutation({
    mutationFn: (name: string) => api<TemplateRecord>(`/templates/${id}`, { method: "PATCH", json: { name } }),
    onSuccess: refresh,
  });
  const putRoles = useMutation({
    mutationFn: (roles: RoleInput[]) =>
      api<ResponseData<"putTemplateRoles">>(`/templates/${id}/roles`, { method: "PUT", json: { roles } }),
    onSuccess: refresh,
  });
  return { rename, putRoles, refresh };
}

/** POST /signature-requests/{id}/save-as-template: the request's document, recipients as roles, its fields. */
export function useSaveAsTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, name }: { requestId: string; name?: string }) =>
      api<TemplateRecord>(`/signature-requests/${requestId}/save-as-template`, {
        method: "POST",
        json: name ? { name } : {},
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ["templates"] }),
  });
}

/** A stored template field as the placer holds fields: its role stands where a recipient would. */
export function asPlacerField(f: TemplateField): FieldDto {
  const { roleId, roleName: _roleName, signerRef: _signerRef, ...rest } = f;
  return { ...rest, recipientId: roleId };
}

/**
 * The placer's saves for a template: a field's owner is a role (its id in `recipientId`), sent as the
 * role's place (sN), which a rename does not change; a field placed stands on the document shown. Made
 * again when the roles or the document change.
 */
export function templateFieldBackend(id: string, roles: readonly TemplateRole[], documentId: string): FieldBackend {
  const refOf = (roleId: string) => {
    const role = roles.find((r) => r.id === roleId);
    if (!role) throw new ApiError(422, "That role no longer exists: reload the page");
    return role.signerRef;
  };
  const toInput = ({ recipientId, ...rest }: Partial<FieldInput>) => ({
    ...rest,
    ...(recipientId !== undefined && { roleName: refOf(recipientId) }),
  });
  return {
    add: (fields) =>
      api<ResponseData<"addTemplateFields">>(`/templates/${id}/fields`, {
        method: "POST",
        json: { fields: fields.map((f) => ({ ...toInput(f), documentId })) },
      }),
    update: (fieldId, patch) => api(`/templates/${id}/fields/${fieldId}`, { method: "PATCH", json: toInput(patch) }),
    remove: (fieldId) => api(`/templates/${id}/fields/${fieldId}`, { method: "DELETE" }),
  };
}

/** The anchors of a template's PDF document that sit on a page, as the placer draws them. */
export function anchorsOfTemplate(doc: Pick<TemplateDocument, "anchors">): DetectedAnchor[] {
  const out: DetectedAnchor[] = [];
  doc.anchors.forEach((a, i) => {
    if (a.page === undefined || a.x === undefined || a.y === undefined || a.width === undefined || a.height === undefined) return;
    const p = (a.anchor ?? {}) as { type?: DetectedAnchor["type"]; signerRef?: string; width?: number; height?: number };
    out.push({
      key: `t${i}`,
      text: a.anchorKey,
      page: a.page,
      x: a.x,
      y: a.y,
      width: a.width,
      height: a.height,
      ok: a.valid,
      ...(a.valid
        ? p.type === "legacy"
          ? { type: p.type }
          : { type: p.type, signerRef: p.signerRef, fieldWidth: p.width, fieldHeight: p.height }
        : { reason: a.reason }),
    });
  });
  return out.sort((p, q) => p.page - q.page || p.y - q.y || p.x - q.x);
}
