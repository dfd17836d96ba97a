import { z } from "zod";
import { PHONE_INPUT_MAX, toE164 } from "../phone";
import { TEMPLATE_TEST_TEXTS } from "../texts/template-test";

export const STATUS_COLOURS: Record<string, "green" | "yellow" | "red" | "grey"> = {
  approved: "green",
  pending: "yellow",
  rejected: "red",
};

export const templateTestSchema = z.object({
  templateSid: z
    .string({ error: TEMPLATE_TEST_TEXTS.missingInfo })
    .trim()
    .min(1, TEMPLATE_TEST_TEXTS.missingInfo)
    .max(64, TEMPLATE_TEST_TEXTS.missingInfo),
  phone: z
    .string({ error: TEMPLATE_TEST_TEXTS.missingInfo })
    .trim()
    .min(1, TEMPLATE_TEST_TEXTS.missingInfo)
    .max(PHONE_INPUT_MAX, TEMPLATE_TEST_TEXTS.invalidNumber)
    .refine((v) => v.startsWith("+"), TEMPLATE_TEST_TEXTS.countryCodeRequired)
    .refine((v) => !v.startsWith("+") || toE164(v) !== null, TEMPLATE_TEST_TEXTS.invalidNumber)
    .transform((v) => toE164(v)!),
  // Position number ("1", "2", …) → value, as the template's {{1}}, {{2}} placeholders.
  variables: z
    .record(
      z.string().regex(/^[1-9]\d?$/, TEMPLATE_TEST_TEXTS.variablesInvalid),
      z.string({ error: TEMPLATE_TEST_TEXTS.variablesInvalid }).trim().max(1024, TEMPLATE_TEST_TEXTS.variableTooLong),
      { error: TEMPLATE_TEST_TEXTS.variablesInvalid },
    )
    .optional()
    .default({}),
});

export interface TemplateTestResult {
  conversationId: string;
  phoneNumber: string;
  templateSid: string;
  content: string;
  messageId: string | null;
  // On a sandbox account the message is not sent to Twilio: it shows in the simulator.
  sandbox: boolean;
}
