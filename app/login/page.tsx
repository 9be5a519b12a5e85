import { redirect } from "next/navigation";
import { currentStaff, safeReturnPath } from "@/lib/server/staff/current-staff";
import { LoginForm } from "@/components/auth/login-form";

export const metadata = { title: "Sign in – Signet" };

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string }> }) {
  const callbackUrl = safeReturnPath((await searchParams).callbackUrl);
  if (await currentStaff()) redirect(callbackUrl);
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <p className="text-sm font-semibold tracking-wide text-indigo-600">Signet</p>
        <h1 className="mt-1 mb-6 text-2xl font-semibold tracking-tight">Staff sign-in</h1>
        <LoginForm callbackUrl={callbackUrl} />
      </div>
    </main>
  );
}
