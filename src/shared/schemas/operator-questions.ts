import { z } from "zod";
import { OPERATOR_QUESTION_TEXTS } from "../texts/operator-questions";

// How long the agent waits for a person before handing the conversation over.
export const OPERATOR_QUESTION_TTL_MS = 60 * 60 * 1000;
// The model answers exactly this when its knowledge does not cover the question.
export const ASK_OPERATOR_MARKER = "[[OPERATORE]]";

export const answerQuestionSchema = z.object({
  answer: z.string({ error: OPERATOR_QUESTION_TEXTS.answerRequired }).trim().min(1, OPERATOR_QUESTION_TEXTS.answerRequired).max(4096),
  // Save the question and the answer as knowledge: into this text memory, or (true) the default one.
  saveToMemory: z.union([z.boolean(), z.string().min(1).max(64)]).optional().default(false),
});

export const questionIdParam = z.object({ id: z.string().min(1).max(64) });

export interface ApiOperatorQuestion {
  id: string;
  conversationId: string;
  phoneNumber: string;
  customerName: string | null;
  questionAsked: string;
  expiresAt: string;
  expired: boolean;
  createdAt: string;
}
