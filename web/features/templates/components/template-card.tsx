import { Pencil, Send, Trash } from "lucide-react";
import { formatRomeDateTime } from "@shared/rome-format";
import { type ApiTemplate } from "@shared/schemas/templates";
import { TEMPLATE_CHANNEL_LABELS, TEMPLATE_LANGUAGE_LABELS, TEMPLATE_TEXTS as TX } from "@shared/texts/templates";
import { T } from "@shared/strings";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardFooter, CardTitle } from "@web/components/ui/card";
import { toast } from "@web/lib/toast-store";
import { useDeleteTemplate } from "../api/delete-template";
import { useSubmitTemplate } from "../api/submit-template";
import { contentJson, isDraft } from "../lib/template-form";
import { CategoryBadge, CategoryIcon, TemplateKindBadge, TemplateStatusBadge } from "./template-badges";

function Meta({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="truncate text-sm font-medium">{value}</dd>
    </div>
  );
}

export function TemplateCard({ template, onEdit }: { template: ApiTemplate; onEdit: () => void }) {
  const submit = useSubmitTemplate();
  const removal = useDeleteTemplate({
    onSuccess: () => toast({ title: TX.deleted, description: template.name, variant: "success" }),
  });

  const onSubmit = () =>
    submit.mutate(template.id, {
      onSuccess: () => toast({ title: TX.submitted, description: TX.submittedDescription, variant: "success" }),
    });

  const onDelete = () => {
    if (!window.confirm(TX.deleteConfirm(template.name))) return;
    removal.mutate(template.id);
  };

  return (
    <Card data-testid="template-card" data-template-id={template.id} className="flex min-w-0 flex-col">
      <div className="flex items-start gap-3 p-5 pb-3">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/15 text-primary">
          <CategoryIcon category={template.category} className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <CardTitle className="break-words">{template.name}</CardTitle>
          <div className="mt-1.5 flex flex-wrap gap-1.5">
            <CategoryBadge category={template.category} />
            <TemplateStatusBadge status={template.status} />
            <TemplateKindBadge kind={template.whatsappContent?.type} />
          </div>
        </div>
      </div>
      <CardContent className="grid flex-1 content-start gap-3">
        {template.description ? <p className="text-sm text-muted-foreground break-words">{template.description}</p> : null}
        <dl className="grid grid-cols-2 gap-3">
          <Meta label={TX.languageLabel} value={TEMPLATE_LANGUAGE_LABELS[template.language] ?? template.language} />
          <Meta label={TX.channelLabel} value={TEMPLATE_CHANNEL_LABELS[template.channel] ?? template.channel} />
        </dl>
        <div>
          <p className="mb-1 text-xs text-muted-foreground">{TX.content}</p>
          <pre className="max-h-48 overflow-auto rounded-lg border bg-muted/50 p-3 font-mono text-xs leading-relaxed whitespace-pre-wrap break-words">
            {contentJson(template)}
          </pre>
        </div>
        {template.rejectionReason ? (
          <div className="rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm" role="note">
            <p className="font-semibold text-destructive">{TX.rejectionReason}</p>
            <p className="mt-0.5 break-words">{template.rejectionReason}</p>
          </div>
        ) : null}
        <dl className="grid grid-cols-2 gap-3 text-xs">
          <div>
            <dt className="text-muted-foreground">{TX.createdAt}</dt>
            <dd>{formatRomeDateTime(template.createdAt)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{TX.submittedAt}</dt>
            <dd>{template.submittedAt ? formatRomeDateTime(template.submittedAt) : "—"}</dd>
          </div>
        </dl>
      </CardContent>
      <CardFooter>
        {isDraft(template) ? (
          <Button size="sm" onClick={onSubmit} disabled={submit.isPending}>
            <Send aria-hidden />
            {submit.isPending ? TX.submitting : TX.submit}
          </Button>
        ) : null}
        <Button size="sm" variant="outline" onClick={onEdit}>
          <Pencil aria-hidden />
          {T.edit}
        </Button>
        <Button size="sm" variant="ghost-destructive" onClick={onDelete} disabled={removal.isPending}>
          <Trash aria-hidden />
          {T.delete}
        </Button>
      </CardFooter>
    </Card>
  );
}
