import { InvalidLinkScreen } from "@/components/signing/link-screens";

// An unknown signing link: HTTP 404 (notFound() in page.tsx), with the words the app shows for it.
export default function SigningLinkNotFound() {
  return (
    <div className="min-h-dvh">
      <InvalidLinkScreen />
    </div>
  );
}
