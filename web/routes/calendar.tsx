import { CalendarPage as CalendarScreen } from "../features/calendar/components/calendar-page";

export function CalendarPage() {
  return <CalendarScreen />;
}
