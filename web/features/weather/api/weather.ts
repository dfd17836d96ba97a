import { queryOptions, useQuery } from "@tanstack/react-query";
import { T } from "@shared/strings";
import { WEATHER_TEXTS as TX } from "@shared/texts/weather";
import { api, unwrap, unwrapRead } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import { queryKeys } from "@web/lib/query-keys";

export const weatherQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.weather,
    queryFn: async ({ signal }) => (await unwrapRead(api.weather.$get(undefined, { init: { signal } }))) ?? [],
  });

export function useWeather() {
  return useQuery(weatherQueryOptions());
}

export const setWeatherCities = (cities: string[]) => unwrap(api.weather.cities.$put({ json: { cities } }));

export const useSetWeatherCities = () =>
  useApiMutation({
    mutationFn: setWeatherCities,
    refresh: (queryClient, data) => void queryClient.setQueryData(queryKeys.weather, data ?? []),
    errorTitle: T.error,
    errorFallback: TX.saveError,
  });
