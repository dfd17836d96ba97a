import { Bot, Plus, Search } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { PROMPT_TEXTS as TX } from "@shared/texts/prompts";
import { T } from "@shared/strings";
import { EmptyState } from "@web/components/empty-state";
import { Button } from "@web/components/ui/button";
import { Input, NativeSelect } from "@web/components/ui/input";
import { Spinner } from "@web/components/ui/spinner";
import { useIsDesktop } from "@web/lib/use-media-query";
import { usePrompts } from "@web/lib/queries/get-prompts";
import { ALL_MODELS, filterPrompts, modelLabel, PROMPT_FILTER_MODELS } from "../lib/prompt-form";
import { PromptCard, PromptCardMobile } from "./prompt-cards";
import { PromptEditorDialog, type PromptDialogState } from "./prompt-editor-dialog";

export function PromptsPage() {
  const { data: prompts, isPending, isError, refetch } = usePrompts();
  const desktop = useIsDesktop();
  const [search, setSearch] = useState("");
  const [model, setModel] = useState(ALL_MODELS);
  const [dialog, setDialog] = useState<PromptDialogState>(null);
  const id = useId();
  const shown = useMemo(() => filterPrompts(prompts ?? [], { search, model }), [prompts, search, model]);
  const create = () => setDialog({ mode: "create" });

  let body;
  if (isPending) {
    body = (
      <div className="flex flex-col items-center justify-center gap-3 py-16 text-sm text-muted-foreground" role="status">
        <Spinner large />
        {TX.loading}
      </div>
    );
  } else if (isError) {
    body = (
      <EmptyState title={TX.loadError}>
        <Button variant="outline" onClick={() => void refetch()}>
          {T.retry}
        </Button>
      </EmptyState>
    );
  } else if (shown.length === 0) {
    body = (
      <EmptyState title={TX.empty} icon={<Bot className="size-6" aria-hidden />}>
        <Button onClick={create}>
          <Plus aria-hidden />
          {TX.createFirst}
        </Button>
      </EmptyState>
    );
  } else if (desktop) {
    body = (
      <div className="grid gap-4 lg:grid-cols-2 2xl:grid-cols-3" data-testid="prompt-list">
        {shown.map((prompt) => (
          <PromptCard key={prompt.id} prompt={prompt} onEdit={() => setDialog({ mode: "edit", prompt })} />
        ))}
      </div>
    );
  } else {
    body = (
      <div className="grid gap-3" data-testid="prompt-list">
        {shown.map((prompt) => (
          <PromptCardMobile key={prompt.id} prompt={prompt} onEdit={() => setDialog({ mode: "edit", prompt })} />
        ))}
      </div>
    );
  }

  return (
    <div className="grid gap-5">
      <div className="grid gap-3 md:flex md:items-center">
        <div className="relative md:max-w-sm md:flex-1">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input
            type="search"
            aria-label={TX.searchLabel}
            placeholder={TX.searchPlaceholder}
            className="pl-9"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            data-testid="prompt-search"
          />
        </div>
        <div className="flex items-center gap-3 md:contents">
          <label htmlFor={`${id}-model`} className="sr-only">
            {TX.modelFilterLabel}
          </label>
          <NativeSelect
            id={`${id}-model`}
            className="min-w-0 flex-1 md:w-48 md:flex-none"
            value={model}
            onChange={(e) => setModel(e.target.value)}
            data-testid="prompt-model-filter"
          >
            <option value={ALL_MODELS}>{TX.allModels}</option>
            {PROMPT_FILTER_MODELS.map((m) => (
              <option key={m} value={m}>
                {modelLabel(m)}
              </option>
            ))}
          </NativeSelect>
          <Button onClick={create} className="md:order-last md:ml-auto">
            <Plus aria-hidden />
            {TX.newPrompt}
          </Button>
        </div>
        {prompts ? (
          <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="prompt-count">
            {TX.count(shown.length)}
          </p>
        ) : null}
      </div>
      {body}
      <PromptEditorDialog state={dialog} onClose={() => setDialog(null)} />
    </div>
  );
}
