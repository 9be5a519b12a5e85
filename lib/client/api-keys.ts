"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "./api";
import type { CreatedApiKey, ResponseData } from "./types";
import type { Scope } from "@/lib/schemas/scopes";

export function useApiKeys() {
  return useQuery({ queryKey: ["api-keys"], queryFn: () => api<ResponseData<"listApiKeys">>("/api-keys") });
}

/** A key the dashboard makes: in the environment it shows; in production, whether its sends wait for approval. */
export interface NewKey {
  name: string;
  environment: "SANDBOX" | "PRODUCTION";
  scopes: Scope[];
  sendsNeedApproval?: boolean;
  mcpSendsDirectly?: boolean;
}

export function useApiKeyActions() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: ["api-keys"] });
  const create = useMutation({
    mutationFn: (key: NewKey) => api<CreatedApiKey>("/api-keys", { method: "POST", json: key }),
    onSuccess: refresh,
  });
  const revoke = useMutation({ mutationFn: (id: string) => api(`/api-keys/${id}`, { method: "DELETE" }), onSuccess: refresh });
  return { create, revoke };
}
