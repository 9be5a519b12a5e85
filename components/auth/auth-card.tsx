import { SiteFooter } from "@/components/layout/site-footer";

/** The frame of the pages a staff member sees before signing in: sign-in, set a password. */
export function AuthCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <main className="flex flex-1 items-center justify-center px-4">
        <div className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
          <p className="text-sm font-semibold tracking-wide text-indigo-600">Signet</p>
          <h1 className="mt-1 mb-6 text-2xl font-semibold tracking-tight">{title}</h1>
          {children}
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
