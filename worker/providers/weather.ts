// Open-Meteo-compatible current weather, the only place that calls WEATHER_API_BASE.
export interface CurrentWeather {
  temperatureC: number;
  weatherCode: number;
  windKmh: number;
}

const TIMEOUT_MS = 8_000;

export async function currentWeather(env: Pick<Env, "WEATHER_API_BASE">, latitude: number, longitude: number): Promise<CurrentWeather> {
  const url = new URL(`${env.WEATHER_API_BASE.replace(/\/$/, "")}/v1/forecast`);
  url.searchParams.set("latitude", String(latitude));
  url.searchParams.set("longitude", String(longitude));
  url.searchParams.set("current", "temperature_2m,weather_code,wind_speed_10m");
  url.searchParams.set("timezone", "Europe/Rome");
  const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!response.ok) throw new Error(`il servizio meteo ha risposto ${response.status}`);
  const body = (await response.json()) as { current?: { temperature_2m?: number; weather_code?: number; wind_speed_10m?: number } };
  const current = body.current;
  if (typeof current?.temperature_2m !== "number" || typeof current.weather_code !== "number") throw new Error("risposta meteo non valida");
  return { temperatureC: current.temperature_2m, weatherCode: current.weather_code, windKmh: current.wind_speed_10m ?? 0 };
}
