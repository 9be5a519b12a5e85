"use client";
import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, ApiError, plainError } from "@/lib/client/api";
import type { ResponseData } from "@/lib/client/types";
import { Button } from "@/components/ui/button";
import { Alert, PageHeader, Spinner } from "@/components/ui/feedback";
import { ExpiryDays, ReminderSchedule } from "@/components/compose/reminder-schedule";
import { ZoneAndFormat } from "@/components/compose/zone-and-format";
import { useDashboardT } from "@/components/layout/dashboard-intl";

type Defaults = ResponseData<"getSendingDefaults">;
const KEY = ["settings", "sending"] as const;

/**
 * The organization's defaults for new drafts: expiry in days, the automatic reminders, the time zone and
 * the date format (GET/PATCH /settings/sending). Each new draft copies them; the review step changes them for
 * one request; requests already made keep theirs.
 */
export function SendingDefaults() {
  const t = useDashboardT();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: KEY, queryFn: () => api<Defaults>("/settings/sending") });
  return (
    <section>
      <PageHeader title={t("settings.sending.title")} description={t("settings.sending.description")} />
      {q.isPending ? (
        <Spinner label={t("settings.sending.loading")} />
      ) : q.isError ? (
        <Alert>{plainError(q.error)}</Alert>
      ) : (
        <DefaultsForm data={q.data} onSaved={(data) => qc.setQueryData(KEY, data)} />
      )}
    </section>
  );
}

function DefaultsForm({ data, onSaved }: { data: Defaults; onSaved: (d: Defaults) => void }) {
  const t = useDashboardT();
  const [form, setForm] = useState(() => ({
    expiry: data.expiryDays === null ? "" : String(data.expiryDays),
    remind: !!data.reminders,
    firstAfterDays: String(data.reminders?.firstAfterDays ?? 3),
    everyDays: String(data.reminders?.everyDays ?? 3),
    max: String(data.reminders?.max ?? 3),
    timezone: data.timezone,
    dateFormat: data.dateFormat,
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: () =>
      api<Defaults>("/settings/sending", {
        method: "PATCH",
        json: {
          expiryDays: form.expiry.trim() ? Number(form.expiry) : null,
          reminders: form.remind
            ? { firstAfterDays: Number(form.firstAfterDays), everyDays: Number(form.everyDays), max: Number(form.max) }
            : null,
          timezone: form.timezone,
          dateFormat: form.dateFormat,
        },
      }),
    onMutate: () => setErrors({}),
    onSuccess: onSaved,
    onError: (e) => {
      if (e instanceof ApiError) setErrors(Object.fromEntries(e.errors.map((x) => [x.field, x.message] as const)));
    },
  });
  const set = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }));
  const fieldError = Object.values(errors)[0];

  return (
    <form
      className="max-w-xl space-y-5 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <ExpiryDays
        id="default-expiry"
        label={t("settings.sending.expiry")}
        unit={t("settings.sending.expiryDays", { server: data.serverExpiryDays })}
        placeholder={String(data.serverExpiryDays)}
        value={form.expiry}
        onChange={(expiry) => set({ expiry })}
      />
      <ReminderSchedule idPrefix="default" value={form} onChange={set} />
      <ZoneAndFormat idPrefix="default" value={form} onChange={set} />
      {save.isError && <Alert>{fieldError ?? plainError(save.error)}</Alert>}
      {save.isSuccess && (
        <p role="status" className="text-sm text-emerald-800">
          {t("settings.sending.saved")}
        </p>
      )}
      <Button type="submit" disabled={save.isPending}>
        {t("settings.sending.save")}
      </Button>
    </form>
  );
}
