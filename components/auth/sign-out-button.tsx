"use client";
import { signOut } from "next-auth/react";

export function SignOutButton() {
  return (
    <button
      type="button"
      className="rounded-md px-2 py-1 text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-900"
      onClick={async () => {
        await signOut({ redirect: false });
        window.location.assign("/login");
      }}
    >
      Sign out
    </button>
  );
}
