import { Screen } from "@/components/signing/screens";

// A signing URL that is unknown, used already or expired (5 minutes): HTTP 404 (notFound() in page.tsx).
export default function EmbedLinkNotFound() {
  return (
    <div className="min-h-dvh">
      <Screen tone="stop" heading="This signing link has expired">
        <p>A signing link works once and for a few minutes. Reload the page you came from to get a new one.</p>
      </Screen>
    </div>
  );
}
