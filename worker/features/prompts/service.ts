import type { z } from "zod";
import { duplicateName, generatedTestMessage } from "@shared/prompt-limits";
import type { ApiPrompt, createPromptSchema, promptContentTestSchema, PromptTestResult, updatePromptSchema } from "@shared/schemas/prompts";
import { PROMPT_TEXTS as TX } from "@shared/texts/prompts";
import type { Db } from "@worker/db/client";
import { HeldByVersion } from "@worker/lib/held-by-version";
import { HeldJson } from "@worker/lib/held-json";
import { HttpError, notFound } from "@worker/lib/http-error";
import { isOffline, ModelProviderError } from "@worker/providers/openai";
import { complete } from "../agent/model";
import type { SessionUser } from "@worker/types";
import { type ActiveAccount, requireAccount } from "../accounts/context";
import { checkBudget, recordUsage } from "../usage/service";
import * as repo from "./repo";

type CreateInput = z.output<typeof createPromptSchema>;
type UpdateInput = z.output<typeof updatePromptSchema>;
type ContentTestInput = z.output<typeof promptContentTestSchema>;

export function toApiPrompt(p: repo.PromptRow): ApiPrompt {
  return {
    id: p.id,
    twilioAccountId: p.twilioAccountId,
    name: p.name,
    content: p.content,
    model: p.model,
    temperature: p.temperature,
    maxTokens: p.maxTokens,
    linkedTemplates: p.linkedTemplates,
    isActive: p.isActive,
    agentTools: p.agentTools as ApiPrompt["agentTools"],
    toolsUnsupported: p.toolsUnsupportedAt !== null,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

// Pages of the prompt list; the first page holds every prompt of a usual account.
export const PROMPT_PAGE_SIZE = 100;
export const PROMPT_PAGE_MAX = 200;

// A page of the active account's prompts, and the `before` of the next page when this one is full. Held
// per isolate by account and page at the account's prompt version (prompt_versions): the console reads
// them again and again (the prompts page, the pickers of the start form and the campaigns), and while the
// account's prompts do not change they are answered without reading the rows. `body` is the page's JSON
// (lib/held-json).
export async function listPrompts(db: Db, active: ActiveAccount, page: { limit: number; before?: string }): Promise<PromptPage> {
  if (!active) return { prompts: [], nextCursor: null, body: new HeldJson([]) };
  return heldPages.answer(JSON.stringify([active.account.id, page.limit, page.before ?? null]), async (known) => {
    const { version, prompts, nextCursor } = await repo.versionedPromptPage(db, active.account.id, page, known);
    return {
      version,
      build: () => {
        const items = prompts.map(toApiPrompt);
        return { prompts: items, nextCursor, body: new HeldJson(items) };
      },
    };
  });
}
type PromptPage = { prompts: ApiPrompt[]; nextCursor: string | null; body: HeldJson<ApiPrompt[]> };
// At most 100 pages of up to 200 prompts.
const heldPages = new HeldByVersion<PromptPage>(100);

// A prompt of an account the user belongs to; 404 otherwise, so other tenants' ids look absent.
export async function getPromptForUser(db: Db, user: SessionUser, id: string) {
  const prompt = await repo.findPromptForUser(db, id, user);
  if (!prompt) throw notFound(TX.notFound);
  return prompt;
}

export async function createPrompt(db: Db, user: SessionUser, active: ActiveAccount, input: CreateInput) {
  const { account } = requireAccount(active);
  const [row] = await repo.insertPrompt(db, { ...input, userId: user.id, twilioAccountId: account.id });
  return row!;
}

export async function updatePrompt(db: Db, user: SessionUser, id: string, input: UpdateInput) {
  const before = await getPromptForUser(db, user, id);
  // Another model gets its own chance at tool calls.
  const tools = input.model && input.model !== before.model ? { toolsUnsupportedAt: null } : {};
  const row = await repo.updatePrompt(db, id, { ...input, ...tools, updatedAt: new Date() });
  if (!row) throw notFound(TX.notFound);
  return row;
}

export async function deletePrompt(db: Db, user: SessionUser, id: string) {
  await getPromptForUser(db, user, id);
  await repo.deletePrompt(db, id);
}

// The spec's duplicate: same settings, inactive, "<name>_copy".
export async function duplicatePrompt(db: Db, user: SessionUser, id: string) {
  const source = await getPromptForUser(db, user, id);
  const [row] = await repo.insertPrompt(db, {
    userId: user.id,
    twilioAccountId: source.twilioAccountId,
    name: duplicateName(source.name),
    content: source.content,
    model: source.model,
    temperature: source.temperature,
    maxTokens: source.maxTokens,
    linkedTemplates: source.linkedTemplates,
    agentTools: source.agentTools,
    isActive: false,
  });
  return row!;
}

interface TestRun {
  accountId: string | null;
  promptId?: string;
  content: string;
  testMessage: string;
  model: string;
  temperature: number;
  maxTokens: number;
}

// One model call with the prompt as system message, recorded as a 'prompt_test' usage row.
async function runTest(env: Env, db: Db, user: SessionUser, run: TestRun): Promise<PromptTestResult> {
  if (run.accountId && !isOffline(env)) {
    const budget = await checkBudget(db, run.accountId);
    if (!budget.allowed) throw new HttpError(429, budget.reason ?? TX.budgetReached);
  }
  let result;
  try {
    result = await complete(env, {
      model: run.model,
      messages: [
        { role: "system", content: run.content },
        { role: "user", content: run.testMessage },
      ],
      // Prompts store 0-10; the model takes 0-1.
      temperature: run.temperature / 10,
      maxTokens: run.maxTokens,
    });
  } catch (err) {
    if (err instanceof ModelProviderError) throw new HttpError(502, TX.testError, { reason: err.message });
    throw err;
  }
  const usage = await recordUsage(db, result, {
    userId: user.id,
    twilioAccountId: run.accountId,
    operationType: "prompt_test",
    promptId: run.promptId,
  });
  return {
    content: result.content,
    testMessage: run.testMessage,
    model: result.model,
    offline: result.offline,
    promptTokens: usage.promptTokens,
    completionTokens: usage.completionTokens,
    totalTokens: usage.totalTokens,
    totalCost: usage.totalCost,
    durationMs: usage.requestDuration,
  };
}

export async function testPrompt(env: Env, db: Db, user: SessionUser, id: string, testMessage: string | undefined) {
  const prompt = await getPromptForUser(db, user, id);
  return runTest(env, db, user, {
    accountId: prompt.twilioAccountId,
    promptId: prompt.id,
    content: prompt.content,
    testMessage: testMessage || generatedTestMessage(prompt.content),
    model: prompt.model,
    temperature: prompt.temperature,
    maxTokens: prompt.maxTokens,
  });
}

// The editor's unsaved content; the cost goes to the active account.
export async function testContent(env: Env, db: Db, user: SessionUser, active: ActiveAccount, input: ContentTestInput) {
  return runTest(env, db, user, { accountId: active?.account.id ?? null, ...input });
}
