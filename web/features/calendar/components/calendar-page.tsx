import { CalendarDays, ChevronLeft, ChevronRight, Plus, Settings } from "lucide-react";
import { useState } from "react";
import { type CalendarView, daysOf, monthRange, romeDayOf, stepDay, viewRange, weekRange } from "@shared/calendar-time";
import { type ApiCalendarOccurrence } from "@shared/schemas/calendar";
import { CALENDAR_TEXTS as TX } from "@shared/texts/calendar";
import { T } from "@shared/strings";
import { LoadErrorAlert } from "@web/components/load-error-alert";
import { NoAccountState } from "@web/components/no-account-state";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { ItemOptions, NativeSelect } from "@web/components/ui/input";
import { useActiveAccount } from "@web/lib/queries/get-active-account";
import { useIsDesktop } from "@web/lib/use-media-query";
import { useCurrentTime } from "../api/get-current-time";
import { type EventsSource, useCalendarEvents } from "../api/get-events";
import { useCalendarSettings } from "../api/get-calendar-settings";
import { type CalendarPrefs, useCalendarPrefs } from "../lib/calendar-prefs";
import { hourLabel, rangeTitle } from "../lib/format";
import { eventsByDay } from "../lib/grid-layout";
import { useTick } from "../lib/use-tick";
import { AgendaDay } from "./agenda-day";
import { EventDialog, type EventDialogState } from "./event-dialog";
import { ItalyClock } from "./italy-clock";
import { MiniMonth } from "./mini-month";
import { MonthGrid } from "./month-grid";
import { CalendarSettingsDialog } from "./settings-dialog";
import { TimeGrid } from "./time-grid";
import { ViewSwitch } from "./view-switch";

// What a view reads: the Monday-based week or the month in whole weeks, else the day (today has its own call).
export function eventsSourceFor(prefs: CalendarPrefs, today: string): EventsSource {
  if (prefs.view === "day") return prefs.date === today ? { kind: "today" } : { kind: "day", date: prefs.date };
  return { kind: "range", ...viewRange(prefs.view, prefs.date) };
}

function loadErrorText(source: EventsSource) {
  return source.kind === "range" ? TX.loadError : source.kind === "day" ? TX.loadDayError : TX.loadTodayError;
}

const HOURS = Array.from({ length: 24 }, (_, h) => h);

export function CalendarPage() {
  const desktop = useIsDesktop();
  const { data: account, isPending: accountPending } = useActiveAccount();
  const { data: time } = useCurrentTime();
  // Italian time by the server's clock, refreshed every 30 seconds for the "now" line.
  const now = new Date(useTick(30_000) + (time?.skewMs ?? 0));
  const today = romeDayOf(now);
  const [prefs, setPrefs] = useCalendarPrefs(today);
  const source = eventsSourceFor(prefs, today);
  const events = useCalendarEvents(account?.id, source);
  const settings = useCalendarSettings(account?.id);
  const [dialog, setDialog] = useState<EventDialogState>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);

  if (accountPending) return <div className="h-96 animate-pulse rounded-xl border bg-card" aria-busy="true" />;
  if (!account) {
    return <NoAccountState title={T.noAccounts} icon={CalendarDays} link={{ size: "sm" }} />;
  }

  const occurrences = events.data ?? [];
  const setView = (view: CalendarView) => setPrefs(view === "day" ? { view, date: today } : { view });
  const step = (direction: 1 | -1) => setPrefs({ date: stepDay(prefs.view, prefs.date, direction) });
  const select = (occurrence: ApiCalendarOccurrence) => setDialog({ mode: "edit", occurrence });
  const create = (day: string) => setDialog({ mode: "create", day });
  const openDay = (day: string) => setPrefs({ view: "day", date: day });

  const loadError = events.isError ? <LoadErrorAlert text={loadErrorText(source)} onRetry={events.refetch} /> : null;

  const navigation = (
    <div className="flex items-center gap-1">
      <Button variant="outline" size="icon-sm" onClick={() => step(-1)} aria-label={TX.previous} data-testid="calendar-prev">
        <ChevronLeft aria-hidden />
      </Button>
      <Button variant="outline" size="icon-sm" onClick={() => step(1)} aria-label={TX.next} data-testid="calendar-next">
        <ChevronRight aria-hidden />
      </Button>
    </div>
  );

  const dialogs = (
    <>
      <EventDialog state={dialog} startHour={prefs.startHour} twilioAccountId={account.id} settings={settings.data} onClose={() => setDialog(null)} />
      <CalendarSettingsDialog open={settingsOpen} settings={settings.data} twilioAccountId={account.id} onClose={() => setSettingsOpen(false)} />
    </>
  );

  if (!desktop) {
    const month = prefs.date.slice(0, 7);
    const byDay = eventsByDay(occurrences);
    return (
      <div className="grid gap-3" data-testid="calendar-mobile">
        <Card className="grid gap-3 p-3">
          <div className="flex items-center gap-2">
            {navigation}
            <h2 className="min-w-0 flex-1 truncate text-center text-base font-semibold" data-testid="calendar-range-title">
              {rangeTitle(prefs.view, prefs.date)}
            </h2>
          </div>
          <div className="flex items-center gap-2">
            <ViewSwitch view={prefs.view} onChange={setView} className="flex-1" />
            <Button variant="outline" size="icon" onClick={() => setSettingsOpen(true)} aria-label={TX.settingsTitle}>
              <Settings aria-hidden />
            </Button>
            <Button size="icon" onClick={() => create(prefs.date)} aria-label={TX.newEvent}>
              <Plus aria-hidden />
            </Button>
          </div>
        </Card>
        {loadError}
        {prefs.view === "day" ? <AgendaDay day={prefs.date} events={byDay.get(prefs.date) ?? []} today={today} onSelect={select} onCreate={create} /> : null}
        {prefs.view === "week"
          ? daysOf(weekRange(prefs.date)).map((day) => <AgendaDay key={day} day={day} events={byDay.get(day) ?? []} today={today} onSelect={select} onCreate={create} />)
          : null}
        {prefs.view === "month" ? (
          <>
            <MiniMonth days={daysOf(monthRange(prefs.date))} month={month} byDay={byDay} selected={prefs.date} today={today} onSelectDay={(day) => setPrefs({ date: day })} />
            <AgendaDay day={prefs.date} events={byDay.get(prefs.date) ?? []} today={today} onSelect={select} onCreate={create} />
          </>
        ) : null}
        {dialogs}
      </div>
    );
  }

  return (
    <div className="grid gap-4" data-testid="calendar-desktop">
      <Card className="flex flex-wrap items-center gap-3 p-3">
        {navigation}
        <Button variant="ghost" size="sm" onClick={() => setPrefs({ date: today })}>
          {TX.goToday}
        </Button>
        <h2 className="min-w-0 text-lg font-semibold" data-testid="calendar-range-title">
          {rangeTitle(prefs.view, prefs.date)}
        </h2>
        <div className="ml-auto flex flex-wrap items-center gap-2">
          <ItalyClock />
          <ViewSwitch view={prefs.view} onChange={setView} />
          {prefs.view === "month" ? null : (
            <label className="flex items-center gap-2 text-sm text-muted-foreground">
              {TX.startHourLabel}
              <span className="w-28">
                <NativeSelect value={prefs.startHour} onChange={(e) => setPrefs({ startHour: Number(e.target.value) })} data-testid="calendar-start-hour">
                  <ItemOptions items={HOURS} value={String} label={hourLabel} />
                </NativeSelect>
              </span>
            </label>
          )}
          <Button variant="outline" size="sm" onClick={() => setSettingsOpen(true)}>
            <Settings aria-hidden />
            {TX.settingsButton}
          </Button>
          <Button size="sm" onClick={() => create(prefs.date)}>
            <Plus aria-hidden />
            {TX.newEvent}
          </Button>
        </div>
      </Card>
      {loadError}
      {prefs.view === "month" ? (
        <MonthGrid days={daysOf(monthRange(prefs.date))} month={prefs.date.slice(0, 7)} occurrences={occurrences} today={today} onSelect={select} onCreate={create} onOpenDay={openDay} />
      ) : (
        <TimeGrid
          days={prefs.view === "week" ? daysOf(weekRange(prefs.date)) : [prefs.date]}
          startHour={prefs.startHour}
          occurrences={occurrences}
          today={today}
          now={now}
          onSelect={select}
          onCreate={create}
          onOpenDay={openDay}
        />
      )}
      {dialogs}
    </div>
  );
}
