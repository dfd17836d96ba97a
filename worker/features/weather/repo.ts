import { and, eq, notInArray } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { weatherReports } from "@worker/db/schema";

export type WeatherReportRow = typeof weatherReports.$inferSelect;

export function reportsOf(db: Db, accountId: string) {
  return db.select().from(weatherReports).where(eq(weatherReports.twilioAccountId, accountId)).orderBy(weatherReports.city);
}

export function allReports(db: Db) {
  return db.select().from(weatherReports);
}

export async function deleteAllCities(db: Db, accountId: string) {
  await db.delete(weatherReports).where(eq(weatherReports.twilioAccountId, accountId));
}

// Drops the cities no longer followed and adds the new ones (a city already followed keeps its reading).
export async function replaceCities(db: Db, accountId: string, cities: { city: string; latitude: number; longitude: number }[]) {
  await db.delete(weatherReports).where(and(eq(weatherReports.twilioAccountId, accountId), notInArray(weatherReports.city, cities.map((c) => c.city))));
  await db
    .insert(weatherReports)
    .values(cities.map((c) => ({ twilioAccountId: accountId, ...c })))
    .onConflictDoNothing();
}

// A city's reading, for every account that follows it.
export async function saveReading(db: Db, city: string, reading: { temperatureC: number; weatherCode: number; windKmh: number; fetchedAt: Date }) {
  await db.update(weatherReports).set({ ...reading, error: null }).where(eq(weatherReports.city, city));
}

export async function saveError(db: Db, city: string, error: string) {
  await db.update(weatherReports).set({ error }).where(eq(weatherReports.city, city));
}
