// The words of the weather skill: the card of the cities the agent follows, the API's sentences, and the
// conditions of the WMO codes as the agent and the card tell them.
export const WEATHER_TEXTS = {
  title: "Meteo per l'agente",
  hint: "Quando un cliente chiede «che tempo fa» o «piove?», l'agente usa solo queste letture, aggiornate ogni 10 minuti. Senza dati recenti dice che il meteo non è disponibile.",
  saveError: "Impossibile salvare le città",
  readAt: (time: string) => `ore ${time}`,
  unavailable: (error: string) => `Non disponibile: ${error}`,
  waiting: "In attesa della prima lettura",
  cityUnavailable: "Città non disponibile",
  tooManyCities: (max: number) => `Al massimo ${max} città`,
  conditions: {
    unknown: "condizioni sconosciute",
    clear: "sereno",
    partlyCloudy: "poco nuvoloso",
    overcast: "coperto",
    fog: "nebbia",
    drizzle: "pioviggine",
    rain: "pioggia",
    snow: "neve",
    rainShowers: "rovesci di pioggia",
    snowShowers: "rovesci di neve",
    thunderstorm: "temporale",
  },
} as const;
