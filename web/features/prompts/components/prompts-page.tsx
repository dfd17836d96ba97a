import { Bot } from "lucide-react";
import { useMemo, useState } from "react";
import { PROMPT_TEXTS as TX } from "@shared/texts/prompts";
import { CreateFirstState } from "@web/components/create-first-state";
import { LoadErrorState } from "@web/components/load-error-state";
import { SearchFilterToolbar } from "@web/components/search-filter-toolbar";
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
    body = <LoadErrorState title={TX.loadError} onRetry={refetch} />;
  } else if (shown.length === 0) {
    body = <CreateFirstState title={TX.empty} icon={<Bot className="size-6" aria-hidden />} label={TX.createFirst} onCreate={create} />;
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
      <SearchFilterToolbar
        search={{ label: TX.searchLabel, placeholder: TX.searchPlaceholder, value: search, onChange: setSearch, testId: "prompt-search" }}
        filter={{
          label: TX.modelFilterLabel,
          value: model,
          onChange: setModel,
          allValue: ALL_MODELS,
          allLabel: TX.allModels,
          options: PROMPT_FILTER_MODELS,
          optionLabel: modelLabel,
          className: "min-w-0 flex-1 md:w-48 md:flex-none",
          testId: "prompt-model-filter",
        }}
        newLabel={TX.newPrompt}
        onNew={create}
        count={prompts ? TX.count(shown.length) : null}
        countTestId="prompt-count"
      />
      {body}
      <PromptEditorDialog state={dialog} onClose={() => setDialog(null)} />
    </div>
  );
}
