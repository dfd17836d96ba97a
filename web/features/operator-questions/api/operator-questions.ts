import { queryOptions, useQuery } from "@tanstack/react-query";
import { T } from "@shared/strings";
import { OPERATOR_QUESTION_TEXTS as TX } from "@shared/texts/operator-questions";
import { api, unwrap, unwrapRead } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { queryKeys } from "@web/lib/query-keys";

const QUESTIONS_POLL_MS = 30_000;

export const operatorQuestionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.operatorQuestions,
    queryFn: async ({ signal }) => (await unwrapRead(api["operator-questions"].$get(undefined, { init: { signal } }))) ?? [],
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

export const answerOperatorQuestion = ({ id, answer, saveToMemory }: AnswerInput) =>
  unwrap(api["operator-questions"][":id"].answer.$post({ param: { id: encodeURIComponent(id) }, json: { answer, saveToMemory } }));

export const dismissOperatorQuestion = (id: string) => unwrap(api["operator-questions"][":id"].$delete({ param: { id: encodeURIComponent(id) } }));

// An answer or a dismissal changes the questions, the conversation and maybe a memory.
const refresh = [queryKeys.operatorQuestions, queryKeys.conversations, queryKeys.memories];

export const useAnswerOperatorQuestion = (callbacks?: MutationCallbacks<Awaited<ReturnType<typeof answerOperatorQuestion>>>) =>
  useApiMutation({ mutationFn: answerOperatorQuestion, refresh, errorTitle: T.error, errorFallback: TX.answerRequired, callbacks });

export const useDismissOperatorQuestion = () =>
  useApiMutation({ mutationFn: dismissOperatorQuestion, refresh, errorTitle: T.error, errorFallback: TX.notFound });
