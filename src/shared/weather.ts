import { z } from "zod";
import { WEATHER_TEXTS as TX } from "./texts/weather";

// The cities an account can follow for the weather skill, with their coordinates.
export const ITALIAN_CITIES: Record<string, { latitude: number; longitude: number }> = {
  Roma: { latitude: 41.8933, longitude: 12.4829 },
  Milano: { latitude: 45.4643, longitude: 9.1895 },
  Napoli: { latitude: 40.8522, longitude: 14.2681 },
  Torino: { latitude: 45.0705, longitude: 7.6868 },
  Palermo: { latitude: 38.1157, longitude: 13.3615 },
  Genova: { latitude: 44.4072, longitude: 8.934 },
  Bologna: { latitude: 44.4938, longitude: 11.3387 },
  Firenze: { latitude: 43.7696, longitude: 11.2558 },
  Bari: { latitude: 41.1177, longitude: 16.8512 },
  Catania: { latitude: 37.5079, longitude: 15.083 },
  Venezia: { latitude: 45.4371, longitude: 12.3327 },
  Verona: { latitude: 45.4384, longitude: 10.9917 },
  Padova: { latitude: 45.4064, longitude: 11.8768 },
  Trieste: { latitude: 45.6495, longitude: 13.7768 },
  Brescia: { latitude: 45.5416, longitude: 10.2118 },
  Cagliari: { latitude: 39.2238, longitude: 9.1217 },
};

export const WEATHER_SYNC_EVERY_MINUTES = 10;
// A reading older than this is not given to the agent as the current weather.
export const WEATHER_FRESH_MS = 60 * 60 * 1000;
export const WEATHER_MAX_CITIES = 10;

export const weatherCitiesSchema = z.object({
  cities: z
    .array(z.enum(Object.keys(ITALIAN_CITIES) as [string, ...string[]], { error: TX.cityUnavailable }))
    .max(WEATHER_MAX_CITIES, TX.tooManyCities(WEATHER_MAX_CITIES)),
});

// WMO weather codes as Open-Meteo reports them, in Italian.
export function weatherDescription(code: number | null | undefined): string {
  if (code === null || code === undefined) return TX.conditions.unknown;
  if (code === 0) return TX.conditions.clear;
  if (code <= 2) return TX.conditions.partlyCloudy;
  if (code === 3) return TX.conditions.overcast;
  if (code <= 48) return TX.conditions.fog;
  if (code <= 57) return TX.conditions.drizzle;
  if (code <= 67) return TX.conditions.rain;
  if (code <= 77) return TX.conditions.snow;
  if (code <= 82) return TX.conditions.rainShowers;
  if (code <= 86) return TX.conditions.snowShowers;
  return TX.conditions.thunderstorm;
}

export interface ApiWeatherReport {
  city: string;
  temperatureC: number | null;
  description: string;
  windKmh: number | null;
  fetchedAt: string | null;
  error: string | null;
}
