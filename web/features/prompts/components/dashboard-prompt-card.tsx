import { Link } from "@tanstack/react-router";
import { Bot, Copy, FlaskConical, Pencil, Trash } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { PROMPT_DASHBOARD_PREVIEW } from "@shared/prompt-limits";
import { PROMPT_TEXTS as TX } from "@shared/texts/prompts";
import type { ApiPrompt } from "@shared/schemas/prompts";
import { T } from "@shared/strings";
import { EmptyState } from "@web/components/empty-state";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { Spinner } from "@web/components/ui/spinner";
import { usePrompts } from "@web/lib/queries/get-prompts";
import { modelLabel, preview } from "../lib/prompt-format";
import { ActiveBadge, LinkedCount } from "./prompt-badges";
import type { PromptDialogState } from "./prompt-editor-dialog";
import { usePromptActions } from "./use-prompt-actions";

const DASHBOARD_PROMPTS = 3;

// The editor (its form, schema and test area) is its own chunk: the dashboard shows it only after a click
// on Edit, and starts loading it when the pointer or focus reaches that button.
const loadEditor = () => import("./prompt-editor-dialog");
const PromptEditorDialog = lazy(() => loadEditor().then((m) => ({ default: m.PromptEditorDialog })));

// The dashboard's prompt card. Without onEdit it opens its own editor, so it can be placed anywhere.
export function DashboardPromptCard({ prompt, onEdit }: { prompt: ApiPrompt; onEdit?: (prompt: ApiPrompt) => void }) {
  const actions = usePromptActions(prompt);
  const [dialog, setDialog] = useState<PromptDialogState>(null);
  // Mounted from the first edit on, so the dialog can animate closed.
  const [editorUsed, setEditorUsed] = useState(false);
  const edit = () => {
    if (onEdit) return onEdit(prompt);
    setEditorUsed(true);
    setDialog({ mode: "edit", prompt });
  };
  const preloadEditor = onEdit ? undefined : () => void loadEditor();
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
        <span>{TX.approxMaxTokens(prompt.maxTokens)}</span>
      </p>
      <div className="flex flex-wrap gap-1.5">
        <Button size="sm" variant="outline" onClick={edit} onPointerEnter={preloadEditor} onFocus={preloadEditor}>
          <Pencil aria-hidden />
          {T.edit}
        </Button>
        <Button size="sm" variant="outline" onClick={actions.runTest} disabled={actions.testing}>
          {actions.testing ? <Spinner /> : <FlaskConical aria-hidden />}
          {TX.test}
        </Button>
        <Button size="sm" variant="outline" onClick={actions.duplicate} disabled={actions.duplicating}>
          <Copy aria-hidden />
          {TX.duplicate}
        </Button>
        <Button size="sm" variant="ghost-destructive" onClick={actions.remove} disabled={actions.removing}>
          <Trash aria-hidden />
          {T.delete}
        </Button>
      </div>
      {onEdit || !editorUsed ? null : (
        <Suspense fallback={null}>
          <PromptEditorDialog state={dialog} onClose={() => setDialog(null)} />
        </Suspense>
      )}
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
            {TX.activePromptsTitle}
          </CardTitle>
          <Link to="/prompts" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
            {TX.manageAll}
          </Link>
        </div>
      </CardHeader>
      <CardContent className="grid gap-2">
        {isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label={T.loading} />
          </div>
        ) : active.length === 0 ? (
          <EmptyState title={TX.noActivePrompts} icon={<Bot className="size-6" aria-hidden />} />
        ) : (
          active.map((prompt) => <DashboardPromptCard key={prompt.id} prompt={prompt} />)
        )}
      </CardContent>
    </Card>
  );
}
