import type { z } from "zod";
import type { createAccountSchema, testGptModelSchema, TwilioAccount, updateAccountSchema } from "@shared/schemas/accounts";
import type { GptTestResult } from "@shared/schemas/usage";
import { fetchAccount, TwilioError } from "@worker/providers/twilio";
import { DEFAULT_FEEDBACK_MODEL, SANDBOX_MODEL } from "@shared/models";
import { ACCOUNT_TEXTS } from "@shared/texts/accounts";
import { SANDBOX_TEMPLATES } from "@shared/sandbox-templates";
import { type Db, runBatch } from "@worker/db/client";
import { auditStatement } from "../admin/audit";
import { findPrompt, insertPrompt } from "../prompts/repo";
import { decryptSecret, encryptSecret, maskSecret, randomToken, toHex } from "@worker/lib/crypto";
import { badRequest, conflict, forbidden, HttpError, notFound } from "@worker/lib/http-error";
import type { SessionUser } from "@worker/types";
import { revokeLive } from "../live-access/service";
import { ModelProviderError } from "@worker/providers/openai";
import { complete } from "../agent/model";
import { SALES_ASSISTANT_PROMPT } from "../agent/texts";
import { recordUsage } from "../usage/service";
import * as repo from "./repo";

type CreateInput = z.output<typeof createAccountSchema>;
type UpdateInput = z.output<typeof updateAccountSchema>;

// Tenancy: the accounts a user may see. A super_admin sees all of them.
export function listAccounts(db: Db, user: SessionUser) {
  return user.role === "super_admin" ? repo.listAllAccounts(db) : repo.listMemberAccounts(db, user.id);
}

// An account the user belongs to, or 404, so another tenant's ids look like they do not exist.
export async function getAccessibleAccount(db: Db, user: SessionUser, accountId: string) {
  const found = await repo.findAccountForUser(db, user, accountId);
  if (!found) throw notFound(ACCOUNT_TEXTS.notFound);
  return found;
}

// Editing, deleting and adding users need the owner of the account or a super_admin.
export async function getManageableAccount(db: Db, user: SessionUser, accountId: string) {
  const found = await getAccessibleAccount(db, user, accountId);
  if (!found.isOwner) throw forbidden(ACCOUNT_TEXTS.ownerOnly);
  return found;
}

// The user's active account: the stored choice if still accessible, else the default, else the first.
export async function resolveActiveAccount(db: Db, user: SessionUser) {
  const settings = await repo.getActiveAccountId(db, user.id);
  if (settings?.activeTwilioAccountId) {
    const active = await repo.findAccountForUser(db, user, settings.activeTwilioAccountId);
    if (active) return active;
  }
  const all = await listAccounts(db, user);
  return all.find((a) => a.account.isDefault && a.account.userId === user.id) ?? all.find((a) => a.account.isDefault) ?? all[0] ?? null;
}

export async function toApiAccount(
  env: Env,
  { account, isOwner }: repo.AccountWithMembership,
  activeId: string | null,
): Promise<TwilioAccount> {
  const token = await decryptSecret(account.authToken, env.ENCRYPTION_KEY).catch(() => "");
  return {
    id: account.id,
    name: account.name,
    accountSid: account.accountSid,
    authToken: maskSecret(token.slice(-4)),
    phoneNumber: account.phoneNumber,
    profilePhoto: account.profilePhoto,
    gptModel: account.gptModel,
    feedbackModel: account.feedbackModel,
    isDefault: account.isDefault,
    isActive: account.id === activeId,
    enabled: account.isActive,
    sandbox: account.sandbox,
    isOwner,
    createdAt: account.createdAt.toISOString(),
    phoneCountry: account.phoneCountry,
    defaultPromptId: account.defaultPromptId,
    lastInboundAt: account.lastInboundAt?.toISOString() ?? null,
    webhookUrls: webhookUrls(env, account.id),
  };
}

// The same after a change, marked active by the user's active account as it now stands.
export async function toApiAccountOfUser(env: Env, db: Db, user: SessionUser, row: repo.AccountWithMembership): Promise<TwilioAccount> {
  return toApiAccount(env, row, (await resolveActiveAccount(db, user))?.account.id ?? null);
}

// What Twilio must call for this account: paste them into the Twilio console for the number.
export function webhookUrls(env: Pick<Env, "PUBLIC_BASE_URL">, accountId: string) {
  const base = `${env.PUBLIC_BASE_URL.replace(/\/$/, "")}/webhooks/twilio/${accountId}`;
  return { message: `${base}/message`, status: `${base}/status` };
}

// A real account is saved only with credentials Twilio accepts: wrong ones answer 400, an unreachable
// Twilio 502, and nothing is stored either way.
async function checkTwilioCredentials(env: Env, creds: { accountSid: string; authToken: string }) {
  let found;
  try {
    found = await fetchAccount(env, creds);
  } catch (err) {
    if (!(err instanceof TwilioError)) throw err;
    if (err.httpStatus === 401 || err.httpStatus === 403 || err.httpStatus === 404) throw badRequest(ACCOUNT_TEXTS.credentialsRejected);
    throw new HttpError(502, ACCOUNT_TEXTS.twilioUnreachable);
  }
  if (found.sid && found.sid !== creds.accountSid) throw badRequest(ACCOUNT_TEXTS.credentialsRejected);
  if (found.status && found.status !== "active") throw badRequest(ACCOUNT_TEXTS.credentialsAccountClosed(found.status));
}

function sandboxCredentials() {
  return { accountSid: `SB${toHex(crypto.getRandomValues(new Uint8Array(16)))}`, authToken: randomToken(24) };
}

export async function createAccount(env: Env, db: Db, user: SessionUser, input: CreateInput) {
  const first = !(await repo.hasOwnAccounts(db, user.id));
  const active = await resolveActiveAccount(db, user);
  const creds = input.sandbox ? sandboxCredentials() : { accountSid: input.accountSid, authToken: input.authToken };
  if (!input.sandbox) await checkTwilioCredentials(env, creds);
  const id = crypto.randomUUID();
  await repo.createAccountWithOwner(
    db,
    {
      id,
      userId: user.id,
      name: input.name,
      accountSid: creds.accountSid,
      authToken: await encryptSecret(creds.authToken, env.ENCRYPTION_KEY),
      phoneNumber: input.phoneNumber,
      phoneCountry: input.phoneCountry,
      gptModel: input.gptModel,
      feedbackModel: input.feedbackModel ?? DEFAULT_FEEDBACK_MODEL,
      isDefault: first || input.isDefault === true,
      sandbox: input.sandbox,
    },
    user.id,
    !active,
  );
  if (input.sandbox) await seedSandboxPrompt(db, user.id, id);
  return getAccessibleAccount(db, user, id);
}

export async function updateAccount(env: Env, db: Db, user: SessionUser, accountId: string, input: UpdateInput) {
  const { account } = await getManageableAccount(db, user, accountId);
  const changes: Partial<repo.AccountRow> = {
    name: input.name,
    phoneNumber: input.phoneNumber,
    phoneCountry: input.phoneCountry,
    gptModel: input.gptModel,
    ...(input.feedbackModel ? { feedbackModel: input.feedbackModel } : {}),
    sandbox: input.sandbox,
  };
  if (!input.sandbox) {
    // A blank token keeps the stored one; the pair that will be saved is the pair checked.
    const authToken = input.authToken || (account.sandbox ? "" : await accountAuthToken(env, account));
    await checkTwilioCredentials(env, { accountSid: input.accountSid || account.accountSid, authToken });
  }
  // The default flag can move to this account but is never left with no default.
  if (input.isDefault === true) changes.isDefault = true;
  if (!input.sandbox) {
    if (input.accountSid) changes.accountSid = input.accountSid;
    if (input.authToken) changes.authToken = await encryptSecret(input.authToken, env.ENCRYPTION_KEY);
  } else if (!account.sandbox) {
    Object.assign(changes, await encryptedSandboxCredentials(env));
  }
  await repo.updateAccount(db, accountId, account.userId, changes);
  forgetAccountAuthToken(accountId);
  return getAccessibleAccount(db, user, accountId);
}

async function encryptedSandboxCredentials(env: Env) {
  const creds = sandboxCredentials();
  return { accountSid: creds.accountSid, authToken: await encryptSecret(creds.authToken, env.ENCRYPTION_KEY) };
}

export async function deleteAccount(env: Env, db: Db, user: SessionUser, accountId: string) {
  const { account } = await getManageableAccount(db, user, accountId);
  if (account.isDefault) throw conflict(ACCOUNT_TEXTS.defaultAccountUndeletable);
  await runBatch(db, [repo.deleteAccount(db, accountId), auditStatement(db, user, "account.delete", "twilio_account", accountId, { name: account.name })]);
  forgetAccountAuthToken(accountId);
  await revokeLive(env, db, { accountIds: [accountId] });
}

// The prompt that answers customers who write first; it must be one of this account's prompts.
export async function setDefaultPrompt(db: Db, user: SessionUser, accountId: string, promptId: string | null) {
  const { account } = await getManageableAccount(db, user, accountId);
  if (promptId && !(await findPrompt(db, account.id, promptId))) throw badRequest(ACCOUNT_TEXTS.defaultPromptNotFound);
  await repo.updateAccount(db, accountId, account.userId, { defaultPromptId: promptId });
  forgetAccountAuthToken(accountId);
  return getAccessibleAccount(db, user, accountId);
}

export async function activateAccount(db: Db, user: SessionUser, accountId: string) {
  const found = await getAccessibleAccount(db, user, accountId);
  await repo.setActiveAccountStatement(db, user.id, accountId);
  return found;
}

export async function setAccountPhoto(db: Db, user: SessionUser, accountId: string, photoUrl: string) {
  await getManageableAccount(db, user, accountId);
  await repo.updateAccount(db, accountId, user.id, { profilePhoto: photoUrl });
  return getAccessibleAccount(db, user, accountId);
}

// The plain auth token, for the provider module only.
export function accountAuthToken(env: Env, account: repo.AccountRow) {
  return decryptSecret(account.authToken, env.ENCRYPTION_KEY);
}

// Webhooks arrive in bursts: each isolate keeps an account with its decrypted auth token for at most
// ACCOUNT_TOKEN_TTL_MS, so a webhook costs no D1 read and no AES-GCM decryption. An update or deletion
// made through this isolate forgets the entry at once; other isolates see it when their entry expires,
// so a rotated token or a deleted account is honoured everywhere within that bound.
export const ACCOUNT_TOKEN_TTL_MS = 60_000;
const withAuthToken = new Map<string, { account: repo.AccountRow; authToken: string; until: number }>();

// The account with its plain auth token, or null when there is no such account.
export async function accountWithAuthToken(env: Env, db: Db, accountId: string) {
  const hit = withAuthToken.get(accountId);
  if (hit && hit.until > Date.now()) return hit;
  withAuthToken.delete(accountId);
  const account = await repo.findAccount(db, accountId);
  if (!account) return null;
  const entry = { account, authToken: await accountAuthToken(env, account), until: Date.now() + ACCOUNT_TOKEN_TTL_MS };
  withAuthToken.set(accountId, entry);
  return entry;
}

export function forgetAccountAuthToken(accountId: string) {
  withAuthToken.delete(accountId);
}

export async function createSandboxAccountFor(env: Env, db: Db, userId: string) {
  const creds = sandboxCredentials();
  const id = crypto.randomUUID();
  await repo.createAccountWithOwner(
    db,
    {
      id,
      userId,
      name: "Sandbox WhatsApp",
      accountSid: creds.accountSid,
      authToken: await encryptSecret(creds.authToken, env.ENCRYPTION_KEY),
      phoneNumber: "+15005550006",
      gptModel: SANDBOX_MODEL,
      isDefault: true,
      sandbox: true,
    },
    userId,
    true,
  );
  await seedSandboxPrompt(db, userId, id);
}

// A sandbox works out of the box: one active prompt linked to every sample template.
// It also answers the customers who write first.
async function seedSandboxPrompt(db: Db, userId: string, accountId: string) {
  const [prompt] = await insertPrompt(db, {
    userId,
    twilioAccountId: accountId,
    name: "Assistente vendite (sandbox)",
    content: SALES_ASSISTANT_PROMPT,
    model: SANDBOX_MODEL,
    linkedTemplates: SANDBOX_TEMPLATES.map((t) => t.sid),
  });
  await repo.updateAccount(db, accountId, userId, { defaultPromptId: prompt!.id });
}

// The GPT model test: one real call to the account's model with the sales assistant's instructions (the
// offline responder without a key), recorded in usage as `model_test`. A provider failure answers 502 with its reason.
export async function testGptModel(env: Env, db: Db, user: SessionUser, input: z.output<typeof testGptModelSchema>): Promise<GptTestResult> {
  const { account } = await getAccessibleAccount(db, user, input.twilioAccountId);
  try {
    const result = await complete(env, {
      model: account.gptModel,
      messages: [
        { role: "system", content: SALES_ASSISTANT_PROMPT },
        { role: "user", content: input.testMessage },
      ],
      temperature: 0.7,
      maxTokens: 200,
    });
    const usage = await recordUsage(db, result, { userId: user.id, twilioAccountId: account.id, operationType: "model_test" });
    return { response: result.content, model: result.model, offline: result.offline, totalTokens: usage.totalTokens, totalCost: usage.totalCost };
  } catch (err) {
    if (err instanceof ModelProviderError) throw new HttpError(502, ACCOUNT_TEXTS.gptTestError, { reason: err.message });
    throw err;
  }
}
