import { redirect } from "next/navigation";
import { currentStaff } from "@/lib/server/staff/current-staff";

// Decided per request: who is signed in.
export const dynamic = "force-dynamic";

// GET / – a signed-in staff member to the requests, anyone else to the sign-in page (the links to the
// API reference and health are in the footer of both).
export default async function Home() {
  redirect((await currentStaff()) ? "/requests" : "/login");
}
