"use client";
import { useQuery } from "@tanstack/react-query";
import { api } from "./api";

/** A message written to the outbox when no SMTP server is set (issue 5). Read defensively. */
export interface OutboxMessage {
  id: string;
  to: string;
  subject: string;
  createdAt: string | null;
  text: string | null;
  html: string | null;
  /** False for mail that went out by SMTP: only its envelope is kept. */
  hasContent: boolean;
  kind: string | null;
}

const s = (v: unknown) => (typeof v === "string" ? v : Array.isArray(v) ? v.join(", ") : null);

export function toOutboxMessage(raw: unknown): OutboxMessage {
  const o = (raw ?? {}) as Record<string, unknown>;
  return {
    id: s(o.id) ?? s(o.file) ?? "",
    to: s(o.to) ?? s(o.recipient) ?? "",
    subject: s(o.subject) ?? "(no subject)",
    createdAt: s(o.createdAt) ?? s(o.date),
    text: s(o.text) ?? s(o.body),
    html: s(o.html),
    hasContent: o.hasContent !== false,
    kind: s(o.kind),
  };
}

export function useOutbox() {
  return useQuery({
    queryKey: ["outbox"],
    queryFn: async () => {
      const d = await api<unknown>("/outbox");
      const list = Array.isArray(d) ? d : ((d as { items?: unknown[] })?.items ?? []);
      return list.map(toOutboxMessage);
    },
  });
}

export function useOutboxMessage(id: string | null) {
  return useQuery({
    queryKey: ["outbox", id],
    enabled: !!id,
    queryFn: async () => toOutboxMessage(await api<unknown>(`/outbox/${encodeURIComponent(id!)}`)),
  });
}
