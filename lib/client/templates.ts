"use client";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "./api";
import type { RequestBody, ResponseData, SignatureRequestDto, TemplateDto } from "./types";

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
  return { use, remove };
}

/** The signer references a template's anchors name (s1, s2, ...), in order. */
export function signerRefsOf(t: TemplateDto): string[] {
  const refs = new Set<string>();
  for (const a of t.anchors) {
    const ref = a.anchor?.signerRef;
    if (typeof ref === "string" && /^s\d+$/.test(ref)) refs.add(ref);
  }
  return [...refs].sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));
}
