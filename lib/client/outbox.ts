"use client";
import { useQuery } from "@tanstack/react-query";
import { api } from "./api";
import type { ResponseData } from "./types";

/** Mail Signet sent or wrote to the outbox (when no SMTP server is set), as GET /outbox lists it. */
export type OutboxItem = ResponseData<"listOutbox">["items"][number];
/** One message of the outbox as text and HTML (GET /outbox/{id}); `hasContent` false in the list: SMTP mail, envelope only. */
export type OutboxMessage = ResponseData<"getOutboxMessage">;

export function useOutbox() {
  return useQuery({
    queryKey: ["outbox"],
    queryFn: async () => (await api<ResponseData<"listOutbox">>("/outbox")).items,
  });
}

export function useOutboxMessage(id: string | null) {
  return useQuery({
    queryKey: ["outbox", id],
    enabled: !!id,
    queryFn: () => api<OutboxMessage>(`/outbox/${encodeURIComponent(id ?? "")}`),
  });
}

/** An invitation's or reminder's signing link, for an admin to hand over another way (audited on the request). */
export const copySigningLink = (id: string) =>
  api<ResponseData<"copyOutboxSigningLink">>(`/outbox/${encodeURIComponent(id)}/signing-link`, { method: "POST" });
