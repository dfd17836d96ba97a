import { PROMPT_TEXTS } from "@shared/texts/prompts";
import type { PromptTestResult } from "@shared/schemas/prompts";
import { parseServerError } from "@web/lib/server-error";

export class InvalidTestAnswerError extends Error {
  constructor() {
    super(PROMPT_TEXTS.invalidTestAnswer);
  }
}

// A test answer must carry the reply text; anything else is the server misbehaving.
export function checkTestAnswer(answer: unknown): PromptTestResult {
  if (!answer || typeof answer !== "object" || typeof (answer as { content?: unknown }).content !== "string") {
    throw new InvalidTestAnswerError();
  }
  return answer as PromptTestResult;
}

// The provider's own reason (502 details.reason), when the server passed one on.
export function testFailureReason(err: unknown): string | null {
  const { details } = parseServerError(err);
  const reason = details && typeof details === "object" && "reason" in details ? (details as { reason: unknown }).reason : null;
  return typeof reason === "string" && reason ? reason : null;
}

// The message a failed test shows: the server's, the invalid-answer text, or none.
export function testFailureMessage(err: unknown): string | null {
  if (err instanceof InvalidTestAnswerError) return err.message;
  return parseServerError(err).message;
}

// The toast of a failed test: the server's message or the spec's default.
export function testFailureToast(err: unknown): string {
  const message = testFailureMessage(err) ?? PROMPT_TEXTS.testError;
  const reason = testFailureReason(err);
  return reason ? `${message} (${reason})` : message;
}

export const TEST_TOAST_PREVIEW = 100;
