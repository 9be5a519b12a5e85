"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "./api";
import type { RequestBody, ResponseData } from "./types";

/** Every event a webhook may subscribe to: the API's own list. */
export { WEBHOOK_EVENTS } from "@/lib/schemas/webhooks";

export type WebhookDto = ResponseData<"listWebhooks">["items"][number];
export type WebhookDelivery = ResponseData<"listWebhookDeliveries">["items"][number];

export function useWebhooks() {
  return useQuery({ queryKey: ["webhooks"], queryFn: () => api<ResponseData<"listWebhooks">>("/webhooks") });
}

export function useDeliveries(id: string | null) {
  return useQuery({
    queryKey: ["webhooks", id, "deliveries"],
    enabled: !!id,
    queryFn: () => api<ResponseData<"listWebhookDeliveries">>(`/webhooks/${id}/deliveries`),
  });
}

export function useWebhookActions() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: ["webhooks"] });
  const create = useMutation({
    mutationFn: (w: RequestBody<"createWebhook">) => api<ResponseData<"createWebhook">>("/webhooks", { method: "POST", json: w }),
    onSuccess: refresh,
  });
  const remove = useMutation({ mutationFn: (id: string) => api(`/webhooks/${id}`, { method: "DELETE" }), onSuccess: refresh });
  return { create, remove };
}
