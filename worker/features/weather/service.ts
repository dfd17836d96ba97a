import { and, eq, notInArray } from "drizzle-orm";
import { type ApiWeatherReport, ITALIAN_CITIES, WEATHER_FRESH_MS, weatherDescription } from "@shared/weather";
import type { Db } from "@worker/db/client";
import { weatherReports } from "@worker/db/schema";
import { currentWeather } from "@worker/providers/weather";

type Report = typeof weatherReports.$inferSelect;

export function toApiReport(r: Report): ApiWeatherReport {
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
  return db.select().from(weatherReports).where(eq(weatherReports.twilioAccountId, accountId)).orderBy(weatherReports.city);
}

export async function setCities(db: Db, accountId: string, cities: string[]) {
  if (cities.length === 0) {
    await db.delete(weatherReports).where(eq(weatherReports.twilioAccountId, accountId));
  } else {
    await db.delete(weatherReports).where(and(eq(weatherReports.twilioAccountId, accountId), notInArray(weatherReports.city, cities)));
    await db
      .insert(weatherReports)
      .values(cities.map((city) => ({ twilioAccountId: accountId, city, ...ITALIAN_CITIES[city]! })))
      .onConflictDoNothing();
  }
  return reportsOf(db, accountId);
}

// Every followed city, each fetched once however many accounts follow it. A failed city keeps its
// last reading and records the error, so the agent can tell the customer the weather is unavailable.
export async function syncWeather(env: Pick<Env, "WEATHER_API_BASE">, db: Db, now = new Date()) {
  const rows = await db.select().from(weatherReports);
  const cities = [...new Set(rows.map((r) => r.city))];
  let synced = 0;
  for (const city of cities) {
    const { latitude, longitude } = rows.find((r) => r.city === city)!;
    try {
      const w = await currentWeather(env, latitude, longitude);
      await db
        .update(weatherReports)
        .set({ temperatureC: w.temperatureC, weatherCode: w.weatherCode, windKmh: w.windKmh, fetchedAt: now, error: null })
        .where(eq(weatherReports.city, city));
      synced++;
    } catch (err) {
      await db.update(weatherReports).set({ error: (err as Error).message }).where(eq(weatherReports.city, city));
    }
  }
  return synced;
}

// The fact the agent gets when a customer asks about the weather: fresh readings or a plain "unavailable".
export async function weatherFact(db: Db, accountId: string, now = new Date()) {
  const rows = await reportsOf(db, accountId);
  const fresh = rows.filter((r) => r.fetchedAt && now.getTime() - r.fetchedAt.getTime() <= WEATHER_FRESH_MS && r.temperatureC !== null);
  if (fresh.length === 0) return "Il meteo non è disponibile in questo momento: dillo al cliente e non fare previsioni.";
  const time = new Intl.DateTimeFormat("it-IT", { timeZone: "Europe/Rome", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  const lines = fresh.map((r) => `${r.city}: ${Math.round(r.temperatureC!)}°C, ${weatherDescription(r.weatherCode)}, vento ${Math.round(r.windKmh ?? 0)} km/h (aggiornato alle ${time.format(r.fetchedAt!)})`);
  return `Meteo attuale (fonte Open-Meteo): ${lines.join("; ")}. Usa solo questi dati, non inventare previsioni.`;
}
