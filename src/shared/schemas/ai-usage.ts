import { z } from "zod";
import { MODEL_IDS, OFFLINE_MODEL } from "../models";
import { isCalendarDay } from "../rome-time";
import { T } from "../strings";
import { USAGE_TEXTS } from "../texts/usage";

export const OPERATION_TYPES = ["chat_response", "feedback_analysis", "conversation_analysis", "conversation_summary", "model_test", "prompt_test", "transcription", "vision"] as const;
export type OperationType = (typeof OPERATION_TYPES)[number];

export const USAGE_PAGE_SIZES = [10, 25, 50, 100] as const;
export const USAGE_DEFAULT_PAGE_SIZE = 50;
// The spec's model filter on the usage card.
export const USAGE_MODEL_FILTERS = ["gpt-4", "gpt-4-turbo", "gpt-3.5-turbo"] as const;
export const USAGE_RECENT_SHOWN = 10;
export const USAGE_COST_DECIMALS = 4;
export const BUDGET_MAX_USD = 1_000_000;

const day = z
  .string({ error: USAGE_TEXTS.dateInvalid })
  .trim()
  .refine(isCalendarDay, USAGE_TEXTS.dateInvalid);

// Query of GET /api/openai-usage. Dates are Europe/Rome calendar days, the end day included.
// start_date / end_date are accepted as well as startDate / endDate.
export const usageListQuery = z
  .object({
    limit: z
      .enum(USAGE_PAGE_SIZES.map(String) as [string, ...string[]], { error: USAGE_TEXTS.limitInvalid })
      .optional()
      .transform((v) => (v ? Number(v) : USAGE_DEFAULT_PAGE_SIZE)),
    startDate: day.optional(),
    endDate: day.optional(),
    start_date: day.optional(),
    end_date: day.optional(),
    model: z.enum([...MODEL_IDS, OFFLINE_MODEL] as [string, ...string[]], { error: USAGE_TEXTS.modelInvalid }).optional(),
    operationType: z.enum(OPERATION_TYPES, { error: USAGE_TEXTS.operationInvalid }).optional(),
  })
  .transform(({ start_date, end_date, ...q }) => ({ ...q, startDate: q.startDate ?? start_date, endDate: q.endDate ?? end_date }))
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, { message: T.endBeforeStart, path: ["endDate"] });

const budgetInvalid = USAGE_TEXTS.budgetLimitInvalid(BUDGET_MAX_USD);
export const budgetSchema = z.object({
  monthlyLimitUsd: z
    .number({ error: budgetInvalid })
    .positive(budgetInvalid)
    .max(BUDGET_MAX_USD, budgetInvalid)
    .nullable(),
});

export interface UsageItem {
  id: string;
  model: string;
  operationType: string;
  // US dollars as decimal strings (8 places); the card shows 4.
  totalCost: string;
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
  requestDuration: number;
  conversationId: string | null;
  promptId: string | null;
  createdAt: string;
}

export interface UsageGroup {
  totalCost: string;
  requests: number;
  tokens: number;
}

export interface UsageReport {
  // The newest `limit` records matching the filters.
  items: UsageItem[];
  // Over every record matching the filters, not only the listed ones.
  totals: { totalCost: string; totalRequests: number; totalTokens: number };
  byModel: (UsageGroup & { model: string })[];
  byOperation: (UsageGroup & { operationType: string })[];
  // Europe/Rome days that had usage, oldest first.
  byDay: { day: string; totalCost: string; requests: number }[];
  filters: { limit: number; startDate: string | null; endDate: string | null; model: string | null; operationType: string | null };
}

export interface BudgetStatus {
  // null: no cap.
  monthlyLimitUsd: number | null;
  // The current Europe/Rome month, "yyyy-MM".
  month: string;
  spentThisMonth: string;
  remaining: string | null;
  allowed: boolean;
  reason: string | null;
}
