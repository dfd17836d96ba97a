import { formatInTimeZone } from "date-fns-tz";
import { Satellite } from "lucide-react";
import { ROME_TZ } from "@shared/rome-time";
import { CALENDAR_TEXTS as TX } from "@shared/texts/calendar";
import { useCurrentTime } from "../api/get-current-time";
import { useTick } from "../lib/use-tick";

// The server's clock shown in Italian time: read every 30 seconds, ticking locally in between.
export function ItalyClock() {
  const { data } = useCurrentTime();
  const tick = useTick(1_000);
  const at = new Date(tick + (data?.skewMs ?? 0));
  return (
    <div className="flex items-center gap-2 rounded-lg border bg-muted/40 px-3 py-1.5" data-testid="italy-clock" title={TX.italyClock}>
      <Satellite className="size-4 text-primary" aria-hidden />
      <div className="grid leading-tight">
        <span className="text-[10px] font-medium tracking-wide text-muted-foreground uppercase">{TX.italyClock}</span>
        <time className="font-mono text-sm font-semibold tabular-nums" dateTime={at.toISOString()}>
          {data ? formatInTimeZone(at, ROME_TZ, "HH:mm:ss") : "--:--:--"}
        </time>
      </div>
    </div>
  );
}
