import { notFound } from "next/navigation";
import { SigningApp } from "@/components/signing/signing-app";
import { ViewPrefetch } from "@/components/signing/view-prefetch";
import { CompletedScreen, EndedScreen } from "@/components/signing/link-screens";
import { SandboxBanner } from "@/components/signing/screens";
import { signingLinkState } from "@/lib/server/signing/link-state";
import { BrandFrame } from "@/components/signing/brand-frame";

// Public: the link's token is the only credential (no Referer, not indexed, in the signer's language:
// app/sign/layout.tsx). Decided per request from the database, never prerendered.
export const dynamic = "force-dynamic";

/**
 * The link's state is decided here, on the server: unknown → notFound() (HTTP 404, not-found.tsx);
 * ended → the closed screen (HTTP 410: the status is set by proxy.ts from the same state, a page
 * cannot set it); COMPLETED within 30 days → each sealed document and kept attachment to download; else the signing app.
 * A link whose recipient must give a code (ACCESS_CODE, EMAIL_CODE) renders the signing app with no
 * title, whatever the request's state: the app asks for the code before it shows anything.
 */
export default async function SignPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const state = await signingLinkState(token, { firstPage: true, files: true, brand: true });
  if (state.kind === "unknown") notFound();
  if (state.kind === "open")
    return (
      <BrandFrame brand={state.brand}>
        {state.firstPage ? <ViewPrefetch token={token} /> : null}
        <SigningApp token={token} firstPage={state.firstPage} />
      </BrandFrame>
    );
  return (
    <BrandFrame brand={state.brand}>
      <div className="min-h-dvh">
        {state.environment === "SANDBOX" ? <SandboxBanner /> : null}
        {state.kind === "ended" ? (
          <EndedScreen
            status={state.status}
            recipientStatus={state.recipientStatus}
            title={state.title ?? undefined}
            message={state.message}
            othersTold={state.othersTold}
          />
        ) : (
          <CompletedScreen
            token={token}
            title={state.title}
            availableUntil={state.availableUntil}
            documents={state.files?.documents}
            attachments={state.files?.attachments}
            released={state.released}
          />
        )}
      </div>
    </BrandFrame>
  );
}
