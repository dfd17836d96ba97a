import { type ApiWeatherReport, ITALIAN_CITIES, WEATHER_FRESH_MS, weatherDescription } from "@shared/weather";
import type { Db } from "@worker/db/client";
import { currentWeather } from "@worker/providers/weather";
import * as repo from "./repo";

export function toApiReport(r: repo.WeatherReportRow): ApiWeatherReport {
  return {
    city: r.city,
    temperatureC: r.temperatureC,
    description: weatherDescription(r.weatherCode),
    windKmh: r.windKmh,
    fetchedAt: r.fetchedAt?.toISOString() ?? null,
    error: r.error,
  };
}

export function reportsOf(db: Db, accountId: string) {
  return repo.reportsOf(db, accountId);
}

export async function setCities(db: Db, accountId: string, cities: string[]) {
  if (cities.length === 0) await repo.deleteAllCities(db, accountId);
  else await repo.replaceCities(db, accountId, cities.map((city) => ({ city, ...ITALIAN_CITIES[city]! })));
  return repo.reportsOf(db, accountId);
}

// Every followed city, each fetched once however many accounts follow it. A failed city keeps its
// last reading and records the error, so the agent can tell the customer the weather is unavailable.
export async function syncWeather(env: Pick<Env, "WEATHER_API_BASE">, db: Db, now = new Date()) {
  const rows = await repo.allReports(db);
  const cities = [...new Set(rows.map((r) => r.city))];
  let synced = 0;
  for (const city of cities) {
    const { latitude, longitude } = rows.find((r) => r.city === city)!;
    try {
      const w = await currentWeather(env, latitude, longitude);
      await repo.saveReading(db, city, { temperatureC: w.temperatureC, weatherCode: w.weatherCode, windKmh: w.windKmh, fetchedAt: now });
      synced++;
    } catch (err) {
      await repo.saveError(db, city, (err as Error).message);
    }
  }
  return synced;
}

// The account's readings that are recent enough to tell a customer.
export async function freshReports(db: Db, accountId: string, now = new Date()) {
  const rows = await repo.reportsOf(db, accountId);
  return rows.filter((r) => r.fetchedAt && now.getTime() - r.fetchedAt.getTime() <= WEATHER_FRESH_MS && r.temperatureC !== null);
}
