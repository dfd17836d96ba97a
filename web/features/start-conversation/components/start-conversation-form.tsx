import { MessageSquarePlus, TriangleExclamationPoint } from "lucide-react";
import { useEffect, useId, useState, type FormEvent } from "react";
import { CONVERSATION_TEXTS as TX } from "@shared/conversation-texts";
import { T } from "@shared/strings";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { Field } from "@web/components/ui/field";
import { Input, NativeSelect } from "@web/components/ui/input";
import { incompleteBindings, TemplateVariablesField } from "@web/components/template-variables-field";
import { cn } from "@web/lib/cn";
import { approvedTemplates, useProviderTemplates } from "@web/lib/queries/get-provider-templates";
import { parseServerError } from "@web/lib/server-error";
import { toast } from "@web/lib/toast-store";
import { usePrompts } from "@web/lib/queries/get-prompts";
import { useStartConversation } from "../api/start-conversation";
import { autoPickPrompt, canSubmit, EMPTY_START_FORM, linkedPrompts, startErrorTitle, validateStartForm, type StartFormValues } from "../lib/start-form";

// Sends an approved template to a WhatsApp number; the linked prompt drives the AI from the reply on.
export function StartConversationForm({ className }: { className?: string }) {
  const id = useId();
  const [values, setValues] = useState<StartFormValues>(EMPTY_START_FORM);
  const templates = useProviderTemplates();
  const prompts = usePrompts();
  const start = useStartConversation();
  const approved = approvedTemplates(templates.data);
  const linked = linkedPrompts(prompts.data, values.templateSid);
  const noLinkedPrompt = !!values.templateSid && !prompts.isPending && linked.length === 0;

  // A template chosen before the prompts arrived gets its prompt once they do.
  useEffect(() => {
    setValues((v) => (v.templateSid && !v.promptId ? { ...v, promptId: autoPickPrompt(prompts.data, v.templateSid) } : v));
  }, [prompts.data]);

  const set = (key: Exclude<keyof StartFormValues, "variables">, value: string) => setValues((v) => ({ ...v, [key]: value }));
  const template = approved.find((t) => t.sid === values.templateSid) ?? null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (start.isPending) return;
    const checked = validateStartForm(values, prompts.data, template ? incompleteBindings(template, values.variables) : []);
    if (!checked.ok) {
      toast({ title: checked.problem.title, description: checked.problem.description, variant: "destructive" });
      return;
    }
    start.mutate(checked.data, {
      // The number the message really went to, as the server stored it (E.164).
      onSuccess: (result) => {
        toast({ title: TX.startedTitle, description: TX.started(result?.conversation.phoneNumber ?? checked.data.phoneNumber), variant: "success" });
        setValues(EMPTY_START_FORM);
      },
      onError: (err) => {
        const { message } = parseServerError(err);
        toast({ title: startErrorTitle(message, T.error), description: message ?? TX.startErrorDefault, variant: "destructive" });
      },
    });
  };

  return (
    <Card className={cn("min-w-0", className)} data-testid="start-conversation-form">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MessageSquarePlus className="size-5 text-primary" aria-hidden />
          {TX.startTitle}
        </CardTitle>
        <CardDescription>{TX.startDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="@container grid gap-4" onSubmit={onSubmit} noValidate>
          <div className="grid gap-4 @md:grid-cols-2">
            <Field label={TX.phoneLabel} htmlFor={`${id}-phone`}>
              <Input
                id={`${id}-phone`}
                name="phoneNumber"
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                data-testid="start-phone"
                value={values.phoneNumber}
                maxLength={40}
                placeholder={TX.phonePlaceholder}
                onChange={(e) => set("phoneNumber", e.target.value)}
              />
            </Field>
            <Field label={TX.templateLabel} htmlFor={`${id}-template`} hint={!templates.isPending && approved.length === 0 ? TX.noTemplates : undefined}>
              <NativeSelect
                id={`${id}-template`}
                name="templateSid"
                data-testid="start-template"
                value={values.templateSid}
                disabled={templates.isPending || approved.length === 0}
                onChange={(e) => {
                  const templateSid = e.target.value;
                  setValues((v) => ({ ...v, templateSid, promptId: autoPickPrompt(prompts.data, templateSid), variables: {} }));
                }}
              >
                <option value="">{templates.isPending ? T.loading : TX.selectTemplate}</option>
                {approved.map((t) => (
                  <option key={t.sid} value={t.sid}>
                    {t.friendlyName}
                  </option>
                ))}
              </NativeSelect>
            </Field>
          </div>

          <Field label={TX.promptLabel} htmlFor={`${id}-prompt`}>
            <NativeSelect
              id={`${id}-prompt`}
              name="promptId"
              data-testid="start-prompt"
              value={values.promptId}
              disabled={linked.length === 0}
              aria-describedby={noLinkedPrompt ? `${id}-no-prompt` : undefined}
              onChange={(e) => set("promptId", e.target.value)}
            >
              <option value="">{values.templateSid ? TX.selectPrompt : TX.selectTemplateFirst}</option>
              {linked.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </NativeSelect>
            {noLinkedPrompt ? (
              <p id={`${id}-no-prompt`} className="flex items-center gap-1.5 text-xs font-medium text-warning-foreground" role="status" data-testid="no-linked-prompt">
                <TriangleExclamationPoint className="size-3.5 shrink-0" aria-hidden />
                {TX.noLinkedPrompt}
              </p>
            ) : null}
          </Field>

          <div className="grid gap-4 @md:grid-cols-2">
            <Field label={TX.customerNameLabel} htmlFor={`${id}-name`}>
              <Input
                id={`${id}-name`}
                name="customerName"
                data-testid="start-name"
                autoComplete="off"
                value={values.customerName}
                maxLength={100}
                onChange={(e) => set("customerName", e.target.value)}
              />
            </Field>
            <Field label={TX.customerCompanyLabel} htmlFor={`${id}-company`}>
              <Input
                id={`${id}-company`}
                name="customerCompany"
                data-testid="start-company"
                autoComplete="off"
                value={values.customerCompany}
                maxLength={100}
                onChange={(e) => set("customerCompany", e.target.value)}
              />
            </Field>
          </div>
          {template ? (
            <TemplateVariablesField
              template={template}
              bindings={values.variables}
              onChange={(variables) => setValues((v) => ({ ...v, variables }))}
              sources={["field", "text"]}
              preview={{
                name: values.customerName.trim() || null,
                context: { contact: { nome: values.customerName, company: values.customerCompany } },
              }}
            />
          ) : null}

          <Button type="submit" className="w-full @md:w-auto @md:justify-self-end" disabled={!canSubmit(values, start.isPending)} data-testid="start-submit">
            <MessageSquarePlus aria-hidden />
            {start.isPending ? TX.starting : TX.startButton}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
