import { EmbedLinkExpiredScreen } from "@/components/signing/link-screens";

// A signing URL that is unknown, used already or expired (5 minutes): HTTP 404 (notFound() in page.tsx).
export default function EmbedLinkNotFound() {
  return (
    <div className="min-h-dvh">
      <EmbedLinkExpiredScreen />
    </div>
  );
}
