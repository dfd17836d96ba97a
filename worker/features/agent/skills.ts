// Facts the agent is given instead of guessing: the time in Italy, and the weather synced by the cron.
import { weatherDescription } from "@shared/weather";
import type { Db } from "@worker/db/client";
import { freshReports } from "../weather/service";
import { timeFactText, WEATHER_UNAVAILABLE, weatherFactText, weatherLine } from "./texts";

const TIME_WORDS = ["che ore sono", "che ora è", "che ora e", "che giorno è", "che giorno e", "oggi", "domani", "ieri", "data di oggi", "orario attuale", "che data"];
const WEATHER_WORDS = ["meteo", "che tempo fa", "piove", "pioggia", "sole", "nuvoloso", "temperatura", "fa caldo", "fa freddo", "previsioni", "neve"];

const normalise = (text: string) => text.toLowerCase().normalize("NFC");

export function asksForTime(text: string) {
  const t = normalise(text);
  return TIME_WORDS.some((w) => t.includes(w));
}

export function asksForWeather(text: string) {
  const t = normalise(text);
  return WEATHER_WORDS.some((w) => t.includes(w));
}

// The current date and time in Europe/Rome, right across daylight-saving changes.
export function timeFact(now: Date) {
  const date = new Intl.DateTimeFormat("it-IT", { timeZone: "Europe/Rome", weekday: "long", day: "numeric", month: "long", year: "numeric" }).format(now);
  const time = new Intl.DateTimeFormat("it-IT", { timeZone: "Europe/Rome", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(now);
  return timeFactText(time, date);
}

// The fact the agent gets when a customer asks about the weather: fresh readings or a plain "unavailable".
export async function weatherFact(db: Db, accountId: string, now = new Date()) {
  const fresh = await freshReports(db, accountId, now);
  if (fresh.length === 0) return WEATHER_UNAVAILABLE;
  const time = new Intl.DateTimeFormat("it-IT", { timeZone: "Europe/Rome", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  return weatherFactText(
    fresh.map((r) =>
      weatherLine({ city: r.city, temperature: Math.round(r.temperatureC!), description: weatherDescription(r.weatherCode), wind: Math.round(r.windKmh ?? 0), time: time.format(r.fetchedAt!) }),
    ),
  );
}
