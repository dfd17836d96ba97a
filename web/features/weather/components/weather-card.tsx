import { CloudSun } from "lucide-react";
import { ITALIAN_CITIES } from "@shared/weather";
import { WEATHER_TEXTS as TX } from "@shared/texts/weather";
import { Card } from "@web/components/ui/card";
import { useSetWeatherCities, useWeather } from "../api/weather";

const time = new Intl.DateTimeFormat("it-IT", { timeZone: "Europe/Rome", hour: "2-digit", minute: "2-digit" });

// The cities whose weather the agent may quote (synced every 10 minutes); without a fresh reading it says so.
export function WeatherCard() {
  const { data: reports = [], isLoading } = useWeather();
  const setCities = useSetWeatherCities();
  const followed = new Set(reports.map((r) => r.city));
  const toggle = (city: string) => {
    const next = new Set(followed);
    if (next.has(city)) next.delete(city);
    else next.add(city);
    setCities.mutate([...next]);
  };
  return (
    <Card className="space-y-4 p-5" data-testid="weather-card">
      <div className="flex items-center gap-2">
        <CloudSun className="size-5 text-primary" />
        <h2 className="font-semibold">{TX.title}</h2>
      </div>
      <p className="text-sm text-muted-foreground">{TX.hint}</p>
      <div className="flex flex-wrap gap-2">
        {Object.keys(ITALIAN_CITIES).map((city) => (
          <label key={city} className="flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm">
            <input type="checkbox" checked={followed.has(city)} disabled={isLoading || setCities.isPending} onChange={() => toggle(city)} />
            {city}
          </label>
        ))}
      </div>
      {reports.length > 0 ? (
        <ul className="divide-y rounded-lg border text-sm">
          {reports.map((r) => (
            <li key={r.city} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
              <span className="font-medium">{r.city}</span>
              {r.temperatureC !== null ? (
                <span>
                  {Math.round(r.temperatureC)}°C, {r.description}
                  {r.fetchedAt ? <span className="text-muted-foreground"> · {TX.readAt(time.format(new Date(r.fetchedAt)))}</span> : null}
                </span>
              ) : (
                <span className="text-muted-foreground">{r.error ? TX.unavailable(r.error) : TX.waiting}</span>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
