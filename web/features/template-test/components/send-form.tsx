import { Link } from "@tanstack/react-router";
import { MessageCircle, Send } from "lucide-react";
import { useEffect, useId, useState, type FormEvent } from "react";
import { TEMPLATE_TEST_TEXTS as TX } from "@shared/texts/template-test";
import type { ProviderTemplate } from "@shared/sandbox-templates";
import type { TemplateTestResult } from "@shared/schemas/template-test";
import { Button, buttonVariants } from "@web/components/ui/button";
import { Card, CardContent, CardHeading } from "@web/components/ui/card";
import { Field } from "@web/components/ui/field";
import { Input } from "@web/components/ui/input";
import { Spinner } from "@web/components/ui/spinner";
import { toast } from "@web/lib/toast-store";
import { useSendTemplateTest } from "../api/send-template-test";
import { checkTemplateTest, previewText, templateVariables } from "../lib/template-test";
import { TemplateStatusBadge } from "./status-badge";

type FieldErrors = Partial<Record<"template" | "phone" | "variables", string>>;

export function SendForm({ template }: { template: ProviderTemplate | undefined }) {
  const id = useId();
  const [phone, setPhone] = useState("");
  const [variables, setVariables] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [result, setResult] = useState<TemplateTestResult | null>(null);
  const send = useSendTemplateTest();
  const positions = template ? templateVariables(template) : [];

  // Another template has other placeholders.
  useEffect(() => {
    setVariables({});
    setErrors((e) => ({ ...e, template: undefined, variables: undefined }));
  }, [template?.sid]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkTemplateTest({ templateSid: template?.sid ?? "", phone, variables }, template);
    if (!checked.ok) {
      setErrors({ [checked.field]: checked.message });
      toast({ title: checked.title, description: checked.message, variant: "destructive" });
      return;
    }
    setErrors({});
    send.mutate(checked.data, {
      onSuccess: (sent) => {
        if (!sent) return;
        setResult(sent);
        toast({
          title: TX.sentTitle,
          description: sent.sandbox ? TX.sentSandbox(sent.phoneNumber) : TX.sentTo(sent.phoneNumber),
          variant: "success",
        });
      },
    });
  };

  return (
    <Card className="min-w-0" data-testid="template-test-form">
      <CardHeading icon={<Send className="size-4 text-primary" aria-hidden />} title={TX.formTitle} />
      <CardContent>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          <div className="grid gap-1.5">
            <p className="text-sm font-medium">{TX.templateLabel}</p>
            {template ? (
              <div className="flex items-center justify-between gap-2 rounded-lg border bg-muted/40 px-3 py-2" data-testid="selected-template">
                <span className="min-w-0 truncate text-sm font-semibold">{template.friendlyName}</span>
                <TemplateStatusBadge status={template.status} />
              </div>
            ) : (
              <p className="rounded-lg border border-dashed px-3 py-2 text-sm text-muted-foreground">{TX.noTemplateSelected}</p>
            )}
            {errors.template ? (
              <p role="alert" className="text-xs font-medium text-destructive">
                {errors.template}
              </p>
            ) : null}
          </div>

          <Field label={TX.phoneLabel} htmlFor={`${id}-phone`} error={errors.phone} hint={TX.phoneHint}>
            <Input
              id={`${id}-phone`}
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder={TX.phonePlaceholder}
              value={phone}
              aria-invalid={!!errors.phone}
              aria-describedby={errors.phone ? `${id}-phone-error` : undefined}
              onChange={(e) => {
                setPhone(e.target.value);
                setErrors((er) => ({ ...er, phone: undefined }));
              }}
              data-testid="template-test-phone"
            />
          </Field>

          {template ? (
            <fieldset className="grid gap-3">
              <legend className="mb-1 text-sm font-medium">{TX.variablesTitle}</legend>
              {positions.length === 0 ? <p className="text-sm text-muted-foreground">{TX.noVariables}</p> : null}
              <div className="grid gap-3 sm:grid-cols-2">
                {positions.map((p) => (
                  <Field key={p} label={TX.variableLabel(p)} htmlFor={`${id}-var-${p}`}>
                    <Input
                      id={`${id}-var-${p}`}
                      name={`variable-${p}`}
                      maxLength={1024}
                      placeholder={TX.variablePlaceholder(p)}
                      value={variables[p] ?? ""}
                      aria-invalid={!!errors.variables && !(variables[p] ?? "").trim()}
                      onChange={(e) => {
                        setVariables((v) => ({ ...v, [p]: e.target.value }));
                        setErrors((er) => ({ ...er, variables: undefined }));
                      }}
                      data-testid={`template-variable-${p}`}
                    />
                  </Field>
                ))}
              </div>
              {errors.variables ? (
                <p role="alert" className="text-xs font-medium text-destructive">
                  {errors.variables}
                </p>
              ) : null}
            </fieldset>
          ) : null}

          {template ? (
            <div className="grid gap-1.5">
              <p className="text-sm font-medium">{TX.previewTitle}</p>
              <div className="rounded-lg bg-muted/60 p-3">
                <p
                  className="ml-auto max-w-[85%] rounded-2xl rounded-tr-sm bg-primary/15 px-3 py-2 text-sm break-words whitespace-pre-wrap"
                  data-testid="template-preview"
                  aria-live="polite"
                >
                  {previewText(template.bodyText, variables)}
                </p>
              </div>
            </div>
          ) : null}

          <Button type="submit" disabled={send.isPending} data-testid="template-test-send">
            {send.isPending ? <Spinner /> : <Send aria-hidden />}
            {send.isPending ? TX.sending : TX.send}
          </Button>
        </form>

        {result ? (
          <div className="mt-4 grid gap-2 rounded-lg border border-success/40 bg-success/5 p-3 text-sm" role="status" data-testid="template-test-result">
            <p className="text-xs font-semibold text-muted-foreground">
              {TX.resultTitle} · {result.phoneNumber}
            </p>
            <p className="break-words whitespace-pre-wrap">{result.content}</p>
            <Link
              to="/chat/$id"
              params={{ id: result.conversationId }}
              className={buttonVariants({ variant: "outline", size: "sm", className: "justify-self-start" })}
            >
              <MessageCircle aria-hidden />
              {result.sandbox ? TX.openSimulator : TX.openChat}
            </Link>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
