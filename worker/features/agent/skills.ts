// Facts the agent is given instead of guessing: the time in Italy, and the weather synced by the cron.
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
  return `Adesso in Italia (Europe/Rome) sono le ${time} di ${date}.`;
}
