import type { QueryKey, UseQueryOptions } from "@tanstack/react-query";

// What a screen may change of an endpoint's query (enabled, polling, a select that filters…): everything
// but its key and how it is fetched, which stay with the endpoint's module (bulletproof-react's QueryConfig).
export type QueryConfig<TData, TKey extends QueryKey = QueryKey> = Omit<UseQueryOptions<TData, Error, TData, TKey>, "queryKey" | "queryFn">;
