"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "./api";

export const WEBHOOK_EVENTS = [
  "signature_request.sent",
  "signature_request.viewed",
  "signature_request.signed",
  "signature_request.completed",
  "signature_request.declined",
  "signature_request.cancelled",
  "signature_request.expired",
  "signature_request.seal_failed",
] as const;

export interface WebhookDto {
  id: string;
  url: string;
  events: string[];
  description: string | null;
  enabled: boolean;
  disabledReason: string | null;
  createdAt: string;
}
export interface WebhookDelivery {
  id: string;
  messageId: string;
  eventType: string;
  status: "PENDING" | "DELIVERED" | "FAILED";
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: string;
  deliveredAt: string | null;
}

export function useWebhooks() {
  return useQuery({ queryKey: ["webhooks"], queryFn: () => api<{ items: WebhookDto[] }>("/webhooks") });
}

export function useDeliveries(id: string | null) {
  return useQuery({
    queryKey: ["webhooks", id, "deliveries"],
    enabled: !!id,
    queryFn: () => api<{ items: WebhookDelivery[] }>(`/webhooks/${id}/deliveries`),
  });
}

export function useWebhookActions() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: ["webhooks"] });
  const create = useMutation({
    mutationFn: (w: { url: string; events: string[]; description?: string }) =>
      api<WebhookDto & { secret: string }>("/webhooks", { method: "POST", json: w }),
    onSuccess: refresh,
  });
  const remove = useMutation({ mutationFn: (id: string) => api(`/webhooks/${id}`, { method: "DELETE" }), onSuccess: refresh });
  return { create, remove };
}
