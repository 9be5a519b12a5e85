"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "./api";
import type { ResponseData } from "./types";

/** Mail Signet sent or wrote to the outbox (when no SMTP server is set), as GET /outbox lists it. */
export type OutboxItem = ResponseData<"listOutbox">["items"][number];
/** A request's mail that was tried and has not gone: RETRYING, or FAILED (an admin may queue it again). */
export type UndeliveredMail = ResponseData<"listOutbox">["undelivered"][number];
/** One message of the outbox as text and HTML (GET /outbox/{id}); `hasContent` false in the list: SMTP mail, envelope only. */
export type OutboxMessage = ResponseData<"getOutboxMessage">;

export function useOutbox() {
  return useQuery({
    queryKey: ["outbox"],
    queryFn: () => api<ResponseData<"listOutbox">>("/outbox"),
  });
}

/** Queues a FAILED mail again (POST /outbox/undelivered/{id}/retry; admins, through the proxy). */
export function useRetryMail() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<ResponseData<"retryUndeliveredMail">>(`/outbox/undelivered/${encodeURIComponent(id)}/retry`, { method: "POST" }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ["outbox"] }),
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
