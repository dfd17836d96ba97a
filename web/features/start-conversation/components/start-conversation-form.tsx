import { MessageSquarePlus, TriangleExclamationPoint } from "lucide-react";
import { useEffect, useId } from "react";
import { useForm } from "react-hook-form";
import { CONVERSATION_TEXTS as TX } from "@shared/texts/conversations";
import { T } from "@shared/strings";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardHeading } from "@web/components/ui/card";
import { Form, FormField } from "@web/components/ui/form";
import { Input, ItemOptions, NamedOptions, NativeSelect } from "@web/components/ui/input";
import { incompleteBindings } from "@web/components/template-variables-field";
import { TemplateVariablesFormField } from "@web/components/template-variables-form-field";
import { cn } from "@web/lib/cn";
import { approvedTemplates, useProviderTemplates } from "@web/lib/queries/get-provider-templates";
import { parseServerError } from "@web/lib/server-error";
import { toast } from "@web/lib/toast-store";
import { usePrompts } from "@web/lib/queries/get-prompts";
import { useStartConversation } from "../api/start-conversation";
import { autoPickPrompt, canSubmit, EMPTY_START_FORM, linkedPrompts, startErrorTitle, validateStartForm, type StartFormValues } from "../lib/start-form";

// Sends an approved template to a WhatsApp number; the linked prompt drives the AI from the reply on.
export function StartConversationForm({ className }: { className?: string }) {
  const form = useForm<StartFormValues>({ defaultValues: EMPTY_START_FORM });
  const templates = useProviderTemplates();
  const prompts = usePrompts();
  const start = useStartConversation();
  const values = form.watch();
  const approved = approvedTemplates(templates.data);
  const linked = linkedPrompts(prompts.data, values.templateSid);
  const noLinkedPrompt = !!values.templateSid && !prompts.isPending && linked.length === 0;
  const noPromptId = useId();

  // A template chosen before the prompts arrived gets its prompt once they do.
  useEffect(() => {
    const { templateSid, promptId } = form.getValues();
    if (templateSid && !promptId) form.setValue("promptId", autoPickPrompt(prompts.data, templateSid));
  }, [prompts.data, form]);

  const template = approved.find((t) => t.sid === values.templateSid) ?? null;

  // The rules answer with a toast (title and sentence), not under a field.
  const onSubmit = (values: StartFormValues) => {
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
        form.reset(EMPTY_START_FORM);
      },
      onError: (err) => {
        const { message } = parseServerError(err);
        toast({ title: startErrorTitle(message, T.error), description: message ?? TX.startErrorDefault, variant: "destructive" });
      },
    });
  };

  return (
    <Card className={cn("min-w-0", className)} data-testid="start-conversation-form">
      <CardHeading icon={<MessageSquarePlus className="size-5 text-primary" aria-hidden />} title={TX.startTitle} description={TX.startDescription} />
      <CardContent>
        <Form form={form} onSubmit={onSubmit} className="@container">
          <div className="grid gap-4 @md:grid-cols-2">
            <FormField<StartFormValues, "phoneNumber"> name="phoneNumber" label={TX.phoneLabel}>
              {(field) => <Input {...field} type="tel" inputMode="tel" autoComplete="tel" data-testid="start-phone" maxLength={40} placeholder={TX.phonePlaceholder} />}
            </FormField>
            <FormField<StartFormValues, "templateSid"> name="templateSid" label={TX.templateLabel} hint={!templates.isPending && approved.length === 0 ? TX.noTemplates : undefined}>
              {(field) => (
                <NativeSelect
                  {...field}
                  data-testid="start-template"
                  disabled={templates.isPending || approved.length === 0}
                  onChange={(e) => {
                    const templateSid = e.target.value;
                    field.onChange(templateSid);
                    form.setValue("promptId", autoPickPrompt(prompts.data, templateSid));
                    form.setValue("variables", {});
                  }}
                >
                  <option value="">{templates.isPending ? T.loading : TX.selectTemplate}</option>
                  <ItemOptions items={approved} value={(t) => t.sid} label={(t) => t.friendlyName} />
                </NativeSelect>
              )}
            </FormField>
          </div>

          <FormField<StartFormValues, "promptId"> name="promptId" label={TX.promptLabel}>
            {(field) => (
              <>
                <NativeSelect {...field} data-testid="start-prompt" disabled={linked.length === 0} aria-describedby={noLinkedPrompt ? noPromptId : undefined}>
                  <option value="">{values.templateSid ? TX.selectPrompt : TX.selectTemplateFirst}</option>
                  <NamedOptions items={linked} />
                </NativeSelect>
                {noLinkedPrompt ? (
                  <p id={noPromptId} className="flex items-center gap-1.5 text-xs font-medium text-warning-foreground" role="status" data-testid="no-linked-prompt">
                    <TriangleExclamationPoint className="size-3.5 shrink-0" aria-hidden />
                    {TX.noLinkedPrompt}
                  </p>
                ) : null}
              </>
            )}
          </FormField>

          <div className="grid gap-4 @md:grid-cols-2">
            <FormField<StartFormValues, "customerName"> name="customerName" label={TX.customerNameLabel}>
              {(field) => <Input {...field} data-testid="start-name" autoComplete="off" maxLength={100} />}
            </FormField>
            <FormField<StartFormValues, "customerCompany"> name="customerCompany" label={TX.customerCompanyLabel}>
              {(field) => <Input {...field} data-testid="start-company" autoComplete="off" maxLength={100} />}
            </FormField>
          </div>
          {template ? (
            <TemplateVariablesFormField<StartFormValues>
              name="variables"
              template={template}
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
        </Form>
      </CardContent>
    </Card>
  );
}
