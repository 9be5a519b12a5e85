"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "./api";
import type { CreatedApiKey, ResponseData } from "./types";
import type { Scope } from "@/lib/schemas/scopes";

export function useApiKeys() {
  return useQuery({ queryKey: ["api-keys"], queryFn: () => api<ResponseData<"listApiKeys">>("/api-keys") });
}

export function useApiKeyActions() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: ["api-keys"] });
  const create = useMutation({
    mutationFn: ({ name, scopes }: { name: string; scopes: Scope[] }) =>
      api<CreatedApiKey>("/api-keys", { method: "POST", json: { name, environment: "SANDBOX", scopes } }),
    onSuccess: refresh,
  });
  const revoke = useMutation({ mutationFn: (id: string) => api(`/api-keys/${id}`, { method: "DELETE" }), onSuccess: refresh });
  return { create, revoke };
}
