import { costOf, formatCost } from "../../../src/shared/models";
import type { UsageStats } from "../../../src/shared/schemas/usage";
import type { Db } from "../../db/client";
import type { ChatResult } from "../../providers/openai";
import * as repo from "./repo";

export type OperationType = "chat_response" | "feedback_analysis" | "conversation_analysis" | "model_test" | "prompt_test";

// Every model call is recorded with its tokens, cost from the shared price table, and duration.
export async function recordUsage(
  db: Db,
  result: ChatResult,
  ctx: {
    userId: string;
    twilioAccountId: string | null;
    operationType: OperationType;
    conversationId?: string;
    messageId?: string;
    templateId?: string;
    promptId?: string;
    metadata?: Record<string, unknown>;
  },
) {
  const cost = result.offline
    ? { promptCost: 0, completionCost: 0, totalCost: 0 }
    : costOf(result.model, result.promptTokens, result.completionTokens);
  const [row] = await repo.insertUsage(db, {
    ...ctx,
    model: result.model,
    promptTokens: result.promptTokens,
    completionTokens: result.completionTokens,
    totalTokens: result.promptTokens + result.completionTokens,
    promptCost: formatCost(cost.promptCost),
    completionCost: formatCost(cost.completionCost),
    totalCost: formatCost(cost.totalCost),
    requestDuration: result.durationMs,
  });
  return row!;
}

export async function usageStats(db: Db, accountId: string | null): Promise<UsageStats> {
  if (!accountId) return { totalCost: formatCost(0), totalRequests: 0 };
  const totals = await repo.usageTotals(db, accountId);
  return { totalCost: formatCost(Number(totals.totalCost)), totalRequests: totals.totalRequests };
}
