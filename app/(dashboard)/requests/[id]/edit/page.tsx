import { requireStaff } from "@/lib/server/staff/current-staff";
import { ComposeFlow, type ComposeStep } from "@/components/compose/compose-flow";

export const metadata = { title: "Compose – Signet" };

const STEPS: ComposeStep[] = ["recipients", "fields", "review"];

export default async function EditRequestPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ step?: string; detect?: string }> }) {
  const { id } = await params;
  const sp = await searchParams;
  await requireStaff(`/requests/${encodeURIComponent(id)}/edit`);
  const step = STEPS.includes(sp.step as ComposeStep) ? (sp.step as ComposeStep) : "recipients";
  return <ComposeFlow key={`${id}:${step}`} id={id} step={step} detect={sp.detect === "1"} />;
}
