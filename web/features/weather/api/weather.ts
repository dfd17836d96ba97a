import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ApiWeatherReport } from "@shared/weather";
import { apiGet, apiRequest } from "@web/lib/api-client";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { queryKeys } from "@web/lib/query-keys";

export const weatherQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.weather,
    queryFn: async ({ signal }) => (await apiGet<ApiWeatherReport[]>("/api/weather", { signal })) ?? [],
  });

export function useWeather() {
  return useQuery(weatherQueryOptions());
}

export function setWeatherCities(cities: string[]) {
  return apiRequest<ApiWeatherReport[]>("PUT", "/api/weather/cities", { cities });
}

export function useSetWeatherCities(callbacks: MutationCallbacks<ApiWeatherReport[] | null> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setWeatherCities,
    onSuccess: (data) => {
      queryClient.setQueryData(queryKeys.weather, data ?? []);
      callbacks.onSuccess?.(data);
    },
    onError: (error) => callbacks.onError?.(error),
  });
}
