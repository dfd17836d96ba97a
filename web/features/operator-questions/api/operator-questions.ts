import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ApiMessage } from "@shared/schemas/conversations";
import type { ApiOperatorQuestion } from "@shared/schemas/operator-questions";
import { apiGet, apiRequest } from "@web/lib/api-client";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { queryKeys } from "@web/lib/query-keys";

const QUESTIONS_POLL_MS = 30_000;

export const operatorQuestionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.operatorQuestions,
    queryFn: async ({ signal }) => (await apiGet<ApiOperatorQuestion[]>("/api/operator-questions", { signal })) ?? [],
    refetchInterval: QUESTIONS_POLL_MS,
  });

export function useOperatorQuestions() {
  return useQuery(operatorQuestionsQueryOptions());
}

export interface AnswerInput {
  id: string;
  answer: string;
  saveToMemory: boolean;
}

export function answerOperatorQuestion({ id, answer, saveToMemory }: AnswerInput) {
  return apiRequest<{ message: ApiMessage | null; memoryId: string | null }>("POST", `/api/operator-questions/${encodeURIComponent(id)}/answer`, {
    answer,
    saveToMemory,
  });
}

export function dismissOperatorQuestion(id: string) {
  return apiRequest<{ ok: boolean }>("DELETE", `/api/operator-questions/${encodeURIComponent(id)}`);
}

function useQuestionMutation<TInput, TData>(mutationFn: (input: TInput) => Promise<TData>, callbacks: MutationCallbacks<TData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (data) => {
      callbacks.onSuccess?.(data);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.operatorQuestions }),
        queryClient.invalidateQueries({ queryKey: queryKeys.conversations }),
        queryClient.invalidateQueries({ queryKey: queryKeys.memories }),
      ]);
    },
    onError: (error) => callbacks.onError?.(error),
  });
}

export const useAnswerOperatorQuestion = (callbacks: MutationCallbacks<Awaited<ReturnType<typeof answerOperatorQuestion>>> = {}) =>
  useQuestionMutation(answerOperatorQuestion, callbacks);

export const useDismissOperatorQuestion = (callbacks: MutationCallbacks<Awaited<ReturnType<typeof dismissOperatorQuestion>>> = {}) =>
  useQuestionMutation(dismissOperatorQuestion, callbacks);
