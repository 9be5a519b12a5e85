"use client";

import { createContext, useContext, useEffect, useRef, type ReactNode } from "react";

// Embedded signing: the signing page, framed by the sender's own page, tells its parent
// what happened. Only from /sign/embed/{token} (which wraps the app in <EmbedBridge>); the usual
// /sign/{token} page has no bridge and posts nothing.

export type EmbedEventType = "signet:loaded" | "signet:signed" | "signet:declined";
export interface EmbedEvent {
  type: EmbedEventType;
  requestId?: string;
  recipientId?: string;
}

interface Bridge {
  allowedOrigins: string[];
  requestId: string;
  recipientId: string;
}

const BridgeContext = createContext<Bridge | null>(null);

/** Wraps the signing app on the embedded page: the origins it may post to, and what it says about. */
export function EmbedBridge({ children, ...bridge }: Bridge & { children: ReactNode }) {
  return <BridgeContext.Provider value={bridge}>{children}</BridgeContext.Provider>;
}

/**
 * The origin of the page that frames this one, if it is one of the allowed: the browser's own
 * record of the parent (location.ancestorOrigins, Chromium and WebKit) or, failing that, the origin
 * of the referrer (the parent's address, as its referrer policy lets it through). Never "*": a page
 * not framed, framed by an unknown origin, or whose parent cannot be told, gets no message.
 */
export function parentOrigin(allowed: readonly string[], w: Window = window): string | null {
  if (w.parent === w) return null;
  let candidate: string | null = null;
  const ancestors = w.location.ancestorOrigins;
  if (ancestors && ancestors.length > 0) candidate = ancestors[0] ?? null;
  else if (w.document.referrer) {
    try {
      candidate = new URL(w.document.referrer).origin;
    } catch {
      candidate = null;
    }
  }
  return candidate && allowed.includes(candidate) ? candidate : null;
}

/** Posts one event to the parent, with its exact origin as the target (the browser drops it if the parent is another). */
export function postToParent(bridge: Bridge, type: EmbedEventType, w: Window = window): boolean {
  const origin = parentOrigin(bridge.allowedOrigins, w);
  if (!origin) return false;
  const event: EmbedEvent = { type, requestId: bridge.requestId, recipientId: bridge.recipientId };
  w.parent.postMessage(event, origin);
  return true;
}

/**
 * The signing app's one line for embedding: given its phase, posts `signet:loaded` once (the first
 * phase past loading), then `signet:signed` (an approver's approval too) or `signet:declined` when the
 * signer does so. Outside
 * <EmbedBridge> it does nothing.
 */
export function useEmbedBridge(phase: string) {
  const bridge = useContext(BridgeContext);
  const sent = useRef(new Set<EmbedEventType>());
  useEffect(() => {
    if (!bridge) return;
    const type: EmbedEventType | null =
      phase === "loading"
        ? null
        : phase === "signed" || phase === "approved" // an APPROVER's turn is done: the same event as a signature
          ? "signet:signed"
          : phase === "declined"
            ? "signet:declined"
            : "signet:loaded";
    const order: EmbedEventType[] = type && type !== "signet:loaded" ? ["signet:loaded", type] : type ? [type] : [];
    for (const t of order) {
      if (sent.current.has(t)) continue;
      sent.current.add(t);
      postToParent(bridge, t);
    }
  }, [bridge, phase]);
}
