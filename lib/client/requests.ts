"use client";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "./api";
import type {
  FieldDto,
  FieldInput,
  RecipientDto,
  RequestBody,
  RequestPage,
  RequestStatus,
  ResponseData,
  SignatureRequestDto,
} from "./types";

const SR = "/signature-requests";
export const requestKeys = {
  list: (filters: RequestFilters = {}) => ["requests", "list", filters] as const,
  one: (id: string) => ["requests", "one", id] as const,
  audit: (id: string) => ["requests", "audit", id] as const,
};

/** The list's filters (GET /signature-requests): status, who created it (an actor: staff:<id>), created between two days. */
export interface RequestFilters {
  status?: RequestStatus;
  /** Words of the title or of a recipient's name or address (server-side). */
  q?: string;
  createdBy?: string;
  createdFrom?: string;
  createdTo?: string;
  /** How it was started: by staff or the API, or by a visitor of a public link. */
  source?: "api" | "public_link";
}

export function useRequestList(filters: RequestFilters = {}) {
  return useInfiniteQuery({
    queryKey: requestKeys.list(filters),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const q = new URLSearchParams({ limit: "25" });
      for (const [k, v] of Object.entries(filters)) if (v) q.set(k, v);
      if (pageParam) q.set("cursor", pageParam);
      return api<RequestPage>(`${SR}?${q}`);
    },
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useRequest(id: string) {
  // Always read again on opening: the placer saves fields without going through this cache.
  return useQuery({
    queryKey: requestKeys.one(id),
    queryFn: () => api<SignatureRequestDto>(`${SR}/${id}`),
    staleTime: 0,
    refetchOnMount: "always",
    // While signers are at work, progress shows without reloading the page.
    refetchInterval: (query) => (query.state.data?.status === "IN_PROGRESS" ? 15_000 : false),
  });
}

export function useAudit(id: string) {
  return useQuery({ queryKey: requestKeys.audit(id), queryFn: () => api<ResponseData<"getAudit">>(`${SR}/${id}/audit`) });
}

export const documentUrl = (id: string, version?: number) =>
  `/api/dashboard${SR}/${id}/document${version ? `?v=${version}` : ""}`;
/** One of the request's documents (its current version); `?v=` makes a new version a new URL. */
export const requestDocumentUrl = (id: string, documentId: string, version?: number) =>
  `/api/dashboard${SR}/${id}/documents/${documentId}${version ? `?v=${version}` : ""}`;
/** A file a signer attached and kept (served as an attachment). */
export const requestAttachmentUrl = (id: string, attachmentId: string) => `/api/dashboard${SR}/${id}/attachments/${attachmentId}`;
/** Every document of the request, in one zip. */
export const allDocumentsUrl = (id: string) => `/api/dashboard${SR}/${id}/document?all=1`;

/** After a change: the request (and lists that show it) are read again. */
function useRefresh(id: string) {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: requestKeys.one(id) }),
      qc.invalidateQueries({ queryKey: ["requests", "list"] }),
      qc.invalidateQueries({ queryKey: requestKeys.audit(id) }),
    ]);
}

type AddRecipientBody = RequestBody<"addRecipient">;
/**
 * A recipient as the editor sends it: role and order always given; accessCode goes with ACCESS_CODE only, and is
 * never read back; `group` makes it a member of the signing group of that name (null on a PATCH: leaves it).
 */
export type RecipientInput = Required<Pick<AddRecipientBody, "name" | "email" | "role" | "order">> &
  Pick<AddRecipientBody, "authentication" | "locale" | "canDelegate" | "group">;

export function useRecipientMutations(id: string) {
  const refresh = useRefresh(id);
  const add = useMutation({
    mutationFn: (r: RecipientInput) => api<RecipientDto>(`${SR}/${id}/recipients`, { method: "POST", json: r }),
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: ({ recipientId, patch }: { recipientId: string; patch: Partial<RecipientInput> }) =>
      api<RecipientDto>(`${SR}/${id}/recipients/${recipientId}`, { method: "PATCH", json: patch }),
  });
  const remove = useMutation({
    mutationFn: (recipientId: string) => api(`${SR}/${id}/recipients/${recipientId}`, { method: "DELETE" }),
    onSuccess: refresh,
  });
  return { add, update, remove, refresh };
}

/** Field calls for the placer, which keeps its own state and calls these directly. */
export const fieldApi = {
  add: (id: string, fields: FieldInput[]) =>
    api<ResponseData<"addFields">>(`${SR}/${id}/fields`, { method: "POST", json: { fields } }),
  update: (id: string, fieldId: string, patch: Partial<FieldInput>) =>
    api<FieldDto>(`${SR}/${id}/fields/${fieldId}`, { method: "PATCH", json: patch }),
  remove: (id: string, fieldId: string) => api(`${SR}/${id}/fields/${fieldId}`, { method: "DELETE" }),
};

export function useRequestActions(id: string) {
  const refresh = useRefresh(id);
  const send = useMutation({
    mutationFn: () => api<SignatureRequestDto>(`${SR}/${id}/send`, { method: "POST" }),
    onSuccess: refresh,
  });
  const cancel = useMutation({
    mutationFn: (reason?: string) => api(`${SR}/${id}/cancel`, { method: "POST", json: reason ? { reason } : {} }),
    onSuccess: refresh,
  });
  const remind = useMutation({ mutationFn: () => api(`${SR}/${id}/remind`, { method: "POST" }), onSuccess: refresh });
  const remove = useMutation({ mutationFn: () => api(`${SR}/${id}`, { method: "DELETE" }) });
  // Queues the seal again (202); the request shows COMPLETED, and its sealError goes, once it is sealed.
  const reseal = useMutation({
    mutationFn: () => api<SignatureRequestDto>(`${SR}/${id}/reseal`, { method: "POST" }),
    onSuccess: refresh,
  });
  return { send, cancel, remind, remove, reseal, refresh };
}
