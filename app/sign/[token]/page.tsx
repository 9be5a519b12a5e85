import type { Metadata } from "next";
import { SigningApp } from "@/components/signing/signing-app";

// Public: the link's token is the only credential. The page sends no Referer (the token is in its
// path) and asks not to be indexed.
export const metadata: Metadata = {
  title: "Sign a document – Signet",
  robots: { index: false, follow: false },
  referrer: "no-referrer",
};

export default async function SignPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return <SigningApp token={token} />;
}
