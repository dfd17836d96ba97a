import { Link } from "@tanstack/react-router";
import { Bot, Copy, FlaskConical, Pencil, Trash } from "lucide-react";
import { useState } from "react";
import { PROMPT_UI as UI } from "../../../../src/shared/ai-brain-texts";
import { PROMPT_DASHBOARD_PREVIEW, type ApiPrompt } from "../../../../src/shared/schemas/prompts";
import { T } from "../../../../src/shared/strings";
import { EmptyState } from "../../../components/empty-state";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { usePrompts } from "../api/get-prompts";
import { modelLabel, preview } from "../lib/prompt-form";
import { ActiveBadge, LinkedCount } from "./prompt-cards";
import { PromptEditorDialog, type PromptDialogState } from "./prompt-editor-dialog";
import { usePromptActions } from "./use-prompt-actions";

const DASHBOARD_PROMPTS = 3;

// The dashboard's prompt card. Without onEdit it opens its own editor, so it can be placed anywhere.
export function DashboardPromptCard({ prompt, onEdit }: { prompt: ApiPrompt; onEdit?: (prompt: ApiPrompt) => void }) {
  const actions = usePromptActions(prompt);
  const [dialog, setDialog] = useState<PromptDialogState>(null);
  const edit = () => (onEdit ? onEdit(prompt) : setDialog({ mode: "edit", prompt }));
  return (
    <div className="grid min-w-0 gap-2 rounded-lg border bg-card p-3" data-testid="dashboard-prompt-card">
      <div className="flex items-start justify-between gap-2">
        <p className="min-w-0 truncate text-sm font-semibold" title={prompt.name}>
          {prompt.name}
        </p>
        <ActiveBadge active={prompt.isActive} />
      </div>
      <p className="text-sm break-words text-muted-foreground">{preview(prompt.content, PROMPT_DASHBOARD_PREVIEW)}</p>
      <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground">
        <span className="font-medium text-foreground">{modelLabel(prompt.model)}</span>
        <LinkedCount count={prompt.linkedTemplates.length} />
        <span>{UI.approxMaxTokens(prompt.maxTokens)}</span>
      </p>
      <div className="flex flex-wrap gap-1.5">
        <Button size="sm" variant="outline" onClick={edit}>
          <Pencil aria-hidden />
          {T.edit}
        </Button>
        <Button size="sm" variant="outline" onClick={actions.runTest} disabled={actions.testing}>
          {actions.testing ? <Spinner /> : <FlaskConical aria-hidden />}
          {UI.test}
        </Button>
        <Button size="sm" variant="outline" onClick={actions.duplicate} disabled={actions.duplicating}>
          <Copy aria-hidden />
          {UI.duplicate}
        </Button>
        <Button size="sm" variant="ghost-destructive" onClick={actions.remove} disabled={actions.removing}>
          <Trash aria-hidden />
          {T.delete}
        </Button>
      </div>
      {onEdit ? null : <PromptEditorDialog state={dialog} onClose={() => setDialog(null)} />}
    </div>
  );
}

// The admin dashboard's "active prompts" panel: the first three active prompts.
export function ActivePromptsCard({ limit = DASHBOARD_PROMPTS }: { limit?: number }) {
  const { data: prompts, isPending } = usePrompts();
  const active = (prompts ?? []).filter((p) => p.isActive).slice(0, limit);
  return (
    <Card className="min-w-0" data-testid="active-prompts">
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <CardTitle className="flex items-center gap-2">
            <Bot className="size-4 text-primary" aria-hidden />
            {UI.activePromptsTitle}
          </CardTitle>
          <Link to="/prompts" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
            {UI.manageAll}
          </Link>
        </div>
      </CardHeader>
      <CardContent className="grid gap-2">
        {isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label={T.loading} />
          </div>
        ) : active.length === 0 ? (
          <EmptyState title={UI.noActivePrompts} icon={<Bot className="size-6" aria-hidden />} />
        ) : (
          active.map((prompt) => <DashboardPromptCard key={prompt.id} prompt={prompt} />)
        )}
      </CardContent>
    </Card>
  );
}
