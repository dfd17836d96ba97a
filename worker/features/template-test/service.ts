import type { z } from "zod";
import { CONVERSATION_TEXTS } from "@shared/texts/conversations";
import type { TemplateTestResult, templateTestSchema } from "@shared/schemas/template-test";
import { TEMPLATE_TEST_TEXTS as TX } from "@shared/texts/template-test";
import type { Db } from "@worker/db/client";
import { badRequest, forbidden } from "@worker/lib/http-error";
import type { SessionUser } from "@worker/types";
import { type ActiveAccount, requireAccount } from "../accounts/context";
import * as conversations from "../conversations/repo";
import { queueOutbound } from "../conversations/service";
import { findLinkedActivePrompt } from "../prompts/repo";
import { findProviderTemplate } from "../provider-templates/service";
import { fillForRecipient } from "../provider-templates/variables";

type SendInput = z.output<typeof templateTestSchema>;

// Sends an approved provider template to a number through the normal conversation path, so the
// reply (and the AI's answer to it) lands in that number's conversation; on a sandbox account
// that conversation is the simulator.
export async function sendTemplateTest(env: Env, db: Db, user: SessionUser, active: ActiveAccount, input: SendInput): Promise<TemplateTestResult> {
  const { account, isOwner } = requireAccount(active);
  // The spec's Template Test page is for administrators: the account's owner or a super_admin.
  if (!isOwner) throw forbidden(TX.managersOnly);

  const template = await findProviderTemplate(env, account, input.templateSid);
  if (!template || template.status !== "approved") throw badRequest(CONVERSATION_TEXTS.templateNotApproved);
  const missing = template.variables.filter((position) => !input.variables[position]);
  if (missing.length > 0) throw badRequest(TX.missingVariables(missing));
  // The test page's values are fixed text, filled by the same resolver as every other send.
  const filled = fillForRecipient(
    template,
    Object.fromEntries(template.variables.map((position) => [position, { source: "text" as const, value: input.variables[position]! }])),
    {},
  );

  const conversation = await conversations.ensureConversation(db, {
    userId: user.id,
    twilioAccountId: account.id,
    phoneNumber: input.phone,
  });
  const prompt = await findLinkedActivePrompt(db, account.id, template.sid);
  const details = {
    templateSid: template.sid,
    templateName: template.friendlyName,
    templateCategory: template.category,
    promptId: prompt?.id ?? conversation.promptId,
    status: "active",
  };
  await conversations.updateConversation(db, conversation.id, details);
  const content = filled.content;
  const message = await queueOutbound(env, db, { ...conversation, ...details }, {
    content,
    sender: "operator",
    templateSid: template.sid,
    templateVariables: filled.variables,
  });
  return {
    conversationId: conversation.id,
    phoneNumber: input.phone,
    templateSid: template.sid,
    content,
    messageId: message?.id ?? null,
    sandbox: account.sandbox,
  };
}
