import { FlaskConical, Sparkles } from "lucide-react";
import { useId, useState } from "react";
import { generatedTestMessage, PROMPT_LIMITS } from "@shared/prompt-limits";
import { PROMPT_TEXTS as TX } from "@shared/texts/prompts";
import type { PromptTestResult } from "@shared/schemas/prompts";
import { Button } from "@web/components/ui/button";
import { Label } from "@web/components/ui/field";
import { Spinner } from "@web/components/ui/spinner";
import { Textarea } from "@web/components/ui/textarea";
import { toast } from "@web/lib/toast-store";
import { useTestPromptContent, type ContentTestInput } from "../api/test-prompt-content";
import { TEST_TOAST_PREVIEW, testFailureMessage, testFailureReason } from "../lib/prompt-test";
import { formatTestCost } from "../lib/prompt-form";

// The editor's optional test: the current content and settings against one customer message.
export function PromptTestArea({ settings }: { settings: Omit<ContentTestInput, "testMessage"> }) {
  const id = useId();
  const [message, setMessage] = useState("");
  const [result, setResult] = useState<PromptTestResult | null>(null);
  const [failure, setFailure] = useState<{ text: string; reason: string | null } | null>(null);
  const test = useTestPromptContent();
  const blank = message.trim() === "";

  const run = () => {
    if (blank || test.isPending) return;
    setResult(null);
    setFailure(null);
    if (!settings.content.trim()) {
      setFailure({ text: TX.editorError(TX.contentRequired), reason: null });
      return;
    }
    test.mutate(
      { ...settings, testMessage: message.trim() },
      {
        onSuccess: (answer) => {
          setResult(answer);
          toast({ title: TX.testSuccess, description: answer.content.slice(0, TEST_TOAST_PREVIEW), variant: "success" });
        },
        onError: (err) => {
          const text = testFailureMessage(err);
          setFailure({ text: text ? TX.editorError(text) : TX.testFailed, reason: testFailureReason(err) });
        },
      },
    );
  };

  return (
    <section className="grid gap-3 rounded-lg border bg-muted/30 p-3 sm:p-4" aria-labelledby={`${id}-title`} data-testid="prompt-test-area">
      <div>
        <h3 id={`${id}-title`} className="text-sm font-semibold">
          {TX.testAreaTitle}
        </h3>
        <p className="mt-0.5 text-xs text-muted-foreground">{TX.testAreaHint}</p>
      </div>
      <div className="grid gap-1.5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Label htmlFor={`${id}-message`}>{TX.testMessageLabel}</Label>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => setMessage(generatedTestMessage(settings.content))}
            disabled={test.isPending}
          >
            <Sparkles aria-hidden />
            {TX.suggestMessage}
          </Button>
        </div>
        <Textarea
          id={`${id}-message`}
          name="testMessage"
          rows={3}
          maxLength={PROMPT_LIMITS.testMessageMax}
          placeholder={TX.testMessagePlaceholder}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
        />
      </div>
      <div>
        <Button variant="secondary" onClick={run} disabled={blank || test.isPending} data-testid="prompt-test-button">
          {test.isPending ? <Spinner /> : <FlaskConical aria-hidden />}
          {test.isPending ? TX.testRunning : TX.testButton}
        </Button>
      </div>
      <div aria-live="polite">
        {result ? (
          <div className="grid gap-1.5 rounded-lg border border-success/40 bg-card p-3 text-sm" data-testid="prompt-test-result">
            <p className="text-xs font-semibold text-muted-foreground">
              {TX.testResultTitle} · {result.model}
            </p>
            <p className="break-words whitespace-pre-wrap">{result.content}</p>
            <p className="text-xs text-muted-foreground">
              {result.offline ? TX.testOffline : TX.testUsage(result.totalTokens, formatTestCost(result.totalCost), result.durationMs)}
            </p>
          </div>
        ) : null}
        {failure ? (
          <div role="alert" className="rounded-lg border border-destructive/50 bg-destructive/10 p-3 text-sm text-destructive" data-testid="prompt-test-error">
            <p className="font-medium">{failure.text}</p>
            {failure.reason ? <p className="mt-1 text-xs opacity-90">{failure.reason}</p> : null}
          </div>
        ) : null}
      </div>
    </section>
  );
}
