import { CalendarClock, Plus, X } from "lucide-react";
import { useEffect, useState } from "react";
import { type ApiBookingSettings, BOOKING_LIMITS, DEFAULT_BOOKING_SETTINGS, WEEK_ORDER } from "@shared/schemas/agent";
import { AGENT_TEXTS as TX } from "@shared/texts/agent";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { Field } from "@web/components/ui/field";
import { Input, ItemOptions, NativeSelect } from "@web/components/ui/input";
import { approvedTemplates, useProviderTemplates } from "@web/lib/queries/get-provider-templates";
import { toast } from "@web/lib/toast-store";
import { useBookingSettings, useSaveBookingSettings } from "../api/booking-settings";

// Configurazione → the opening hours the agent books into (Europe/Rome), its slot length, minimum
// notice, how far ahead, and the approved template of the customer's reminder.
export function BookingHoursCard() {
  const settings = useBookingSettings();
  const templates = useProviderTemplates();
  // Edited from the saved settings once they arrive (the form is disabled until then): a later refetch
  // never overwrites what the user is editing.
  const [edited, setEdited] = useState<ApiBookingSettings | null>(null);
  useEffect(() => {
    if (settings.data && edited === null) setEdited(settings.data);
  }, [settings.data, edited]);
  const form = edited ?? DEFAULT_BOOKING_SETTINGS;
  const update = (patch: Partial<ApiBookingSettings>) => setEdited((f) => f && { ...f, ...patch });
  const save = useSaveBookingSettings({ onSuccess: () => toast({ title: TX.bookingSaved, variant: "success" }) });

  const setDay = (day: number, ranges: ApiBookingSettings["openingHours"][number]) =>
    setEdited((f) => f && { ...f, openingHours: f.openingHours.map((r, i) => (i === day ? ranges : r)) });

  return (
    <Card className="space-y-4 p-5 lg:col-span-2" data-testid="booking-hours-card">
      <div className="flex items-center gap-2">
        <CalendarClock className="size-5 text-primary" aria-hidden />
        <h2 className="font-semibold">{TX.bookingTitle}</h2>
      </div>
      <p className="text-sm text-muted-foreground">{TX.bookingHint}</p>
      {settings.isError ? <p className="text-sm text-destructive">{TX.bookingLoadError}</p> : null}
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (edited) save.mutate(edited);
        }}
      >
        <fieldset className="min-w-0 space-y-4" disabled={edited === null} data-testid="booking-hours-form">
          <ul className="divide-y rounded-lg border">
            {WEEK_ORDER.map((day) => {
              const ranges = form.openingHours[day] ?? [];
              return (
                <li key={day} className="flex flex-col gap-2 px-3 py-2 sm:flex-row sm:items-start" data-testid={`booking-day-${day}`}>
                  <span className="w-24 shrink-0 pt-2 text-sm font-medium">{TX.weekdayLabels[day]}</span>
                  <div className="flex flex-1 flex-col gap-2">
                    {ranges.length === 0 ? <span className="pt-2 text-sm text-muted-foreground">{TX.closed}</span> : null}
                    {ranges.map((range, i) => (
                      <div key={i} className="flex items-center gap-2">
                        <TimeInput label={`${TX.weekdayLabels[day]} ${TX.from}`} value={range.start} onChange={(start) => setDay(day, ranges.map((r, j) => (j === i ? { ...r, start } : r)))} />
                        <span className="text-sm text-muted-foreground">–</span>
                        <TimeInput label={`${TX.weekdayLabels[day]} ${TX.to}`} value={range.end} onChange={(end) => setDay(day, ranges.map((r, j) => (j === i ? { ...r, end } : r)))} />
                        <Button type="button" variant="ghost" size="sm" aria-label={TX.removeRange} onClick={() => setDay(day, ranges.filter((_, j) => j !== i))}>
                          <X aria-hidden />
                        </Button>
                      </div>
                    ))}
                  </div>
                  {ranges.length < BOOKING_LIMITS.rangesPerDay ? (
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      className="shrink-0 self-start"
                      aria-label={`${TX.addRange} ${TX.weekdayLabels[day]}`}
                      onClick={() => setDay(day, [...ranges, ranges.length ? { start: "14:00", end: "18:00" } : { start: "09:00", end: "13:00" }])}
                    >
                      <Plus aria-hidden />
                      {TX.addRange}
                    </Button>
                  ) : null}
                </li>
              );
            })}
          </ul>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label={TX.slotMinutes} htmlFor="booking-slot">
              <NativeSelect id="booking-slot" value={form.slotMinutes} onChange={(e) => update({ slotMinutes: Number(e.target.value) })}>
                <ItemOptions items={BOOKING_LIMITS.slotMinutes} value={String} label={String} />
              </NativeSelect>
            </Field>
            <Field label={TX.minNotice} htmlFor="booking-notice">
              <NumberInput id="booking-notice" min={0} max={BOOKING_LIMITS.minNoticeMaxMinutes} value={form.minNoticeMinutes} onChange={(minNoticeMinutes) => update({ minNoticeMinutes })} />
            </Field>
            <Field label={TX.daysAhead} htmlFor="booking-days">
              <NumberInput id="booking-days" min={1} max={BOOKING_LIMITS.daysAheadMax} value={form.daysAhead} onChange={(daysAhead) => update({ daysAhead })} />
            </Field>
            <Field label={TX.reminderMinutes} htmlFor="booking-reminder-minutes">
              <NumberInput id="booking-reminder-minutes" min={5} max={BOOKING_LIMITS.reminderMaxMinutes} value={form.reminderMinutes} onChange={(reminderMinutes) => update({ reminderMinutes })} />
            </Field>
            <Field label={TX.reminderTemplate} htmlFor="booking-reminder-template" className="sm:col-span-2">
              <NativeSelect id="booking-reminder-template" value={form.reminderTemplateSid ?? ""} onChange={(e) => update({ reminderTemplateSid: e.target.value || null })}>
                <option value="">{TX.reminderNone}</option>
                <ItemOptions items={approvedTemplates(templates.data)} value={(t) => t.sid} label={(t) => t.friendlyName} />
              </NativeSelect>
            </Field>
          </div>
          <Button type="submit" disabled={save.isPending || settings.isPending}>
            {TX.save}
          </Button>
        </fieldset>
      </form>
    </Card>
  );
}

function TimeInput({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return <Input type="time" aria-label={label} className="w-28" value={value} onChange={(e) => onChange(e.target.value)} />;
}

// An emptied box holds NaN (shown empty) until a number is typed again.
function NumberInput({ id, min, max, value, onChange }: { id: string; min: number; max: number; value: number; onChange: (value: number) => void }) {
  return (
    <Input id={id} type="number" min={min} max={max} value={Number.isNaN(value) ? "" : value} onChange={(e) => onChange(e.target.value === "" ? Number.NaN : Number(e.target.value))} />
  );
}
