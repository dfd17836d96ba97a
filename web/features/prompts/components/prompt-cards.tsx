import { Copy, FlaskConical, Pencil, Trash } from "lucide-react";
import { PROMPT_CARD_PREVIEW } from "@shared/prompt-limits";
import { PROMPT_TEXTS as TX } from "@shared/texts/prompts";
import type { ApiPrompt } from "@shared/schemas/prompts";
import { T } from "@shared/strings";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardFooter, CardTitle } from "@web/components/ui/card";
import { Spinner } from "@web/components/ui/spinner";
import { Switch } from "@web/components/ui/switch";
import { cn } from "@web/lib/cn";
import { modelLabel, preview, temperatureLabel } from "../lib/prompt-format";
import { FirstContactButton } from "./first-contact-button";
import { ActiveBadge } from "./prompt-badges";
import { usePromptActions } from "./use-prompt-actions";

function Meta({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-[11px] tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="truncate text-sm font-medium tabular-nums">{value}</dd>
    </div>
  );
}

// Desktop (from 768 px): the full card with the active switch and every action.
export function PromptCard({ prompt, onEdit }: { prompt: ApiPrompt; onEdit: () => void }) {
  const actions = usePromptActions(prompt);
  return (
    <Card data-testid="prompt-card" className={cn("flex min-w-0 flex-col", !actions.active && "opacity-85")}>
      <div className="flex items-start gap-3 px-5 pt-5 pb-3">
        <div className="min-w-0 flex-1">
          <CardTitle className="line-clamp-2 break-words" title={prompt.name}>
            {prompt.name}
          </CardTitle>
          <div className="mt-1.5 flex flex-wrap gap-1.5">
            <ActiveBadge active={actions.active} />
            <Badge variant="outline">{modelLabel(prompt.model)}</Badge>
          </div>
        </div>
        <Switch
          checked={actions.active}
          disabled={actions.toggling}
          onCheckedChange={actions.setActive}
          aria-label={TX.activeSwitchLabel(prompt.name)}
          data-testid="prompt-card-switch"
        />
      </div>
      <CardContent className="flex flex-1 flex-col gap-3">
        <p className="min-h-10 text-sm break-words text-muted-foreground" title={prompt.content}>
          {preview(prompt.content, PROMPT_CARD_PREVIEW)}
        </p>
        <dl className="mt-auto grid grid-cols-3 gap-2 rounded-lg bg-muted/50 px-3 py-2">
          <Meta label={TX.temperatureShort} value={temperatureLabel(prompt.temperature)} />
          <Meta label={TX.maxTokensShort} value={String(prompt.maxTokens)} />
          <Meta label={TX.linkedShort} value={String(prompt.linkedTemplates.length)} />
        </dl>
        <FirstContactButton prompt={prompt} className="self-start" />
      </CardContent>
      <CardFooter>
        <Button size="sm" variant="outline" onClick={onEdit}>
          <Pencil aria-hidden />
          {T.edit}
        </Button>
        <Button size="sm" variant="outline" onClick={actions.runTest} disabled={actions.testing} data-testid="prompt-card-test">
          {actions.testing ? <Spinner /> : <FlaskConical aria-hidden />}
          {actions.testing ? TX.testRunning : TX.test}
        </Button>
        <Button size="sm" variant="outline" onClick={actions.duplicate} disabled={actions.duplicating}>
          <Copy aria-hidden />
          {TX.duplicate}
        </Button>
        <Button size="sm" variant="ghost-destructive" onClick={actions.remove} disabled={actions.removing} className="ml-auto">
          <Trash aria-hidden />
          {T.delete}
        </Button>
      </CardFooter>
    </Card>
  );
}

// Mobile (below 768 px): a compact card; deleting is in the editor.
export function PromptCardMobile({ prompt, onEdit }: { prompt: ApiPrompt; onEdit: () => void }) {
  const actions = usePromptActions(prompt);
  return (
    <Card data-testid="prompt-card" className="min-w-0 p-4">
      <div className="flex items-center gap-2">
        <span
          className={cn("size-2.5 shrink-0 rounded-full", actions.active ? "bg-success" : "bg-muted-foreground/50")}
          role="img"
          aria-label={actions.active ? TX.active : TX.inactive}
          title={actions.active ? TX.active : TX.inactive}
        />
        <h3 className="line-clamp-2 min-w-0 flex-1 text-sm font-semibold break-words" title={prompt.name}>
          {prompt.name}
        </h3>
      </div>
      <p className="mt-2 text-sm break-words text-muted-foreground">{preview(prompt.content, PROMPT_CARD_PREVIEW)}</p>
      <p className="mt-2 text-xs text-muted-foreground">
        <span className="font-medium text-foreground">{modelLabel(prompt.model)}</span> · {TX.temperatureShort}{" "}
        {temperatureLabel(prompt.temperature)} · {TX.maxTokensShort} {prompt.maxTokens}
      </p>
      <div className="mt-3 grid grid-cols-3 gap-2">
        <Button size="sm" variant="outline" onClick={actions.runTest} disabled={actions.testing} data-testid="prompt-card-test">
          {actions.testing ? <Spinner /> : <FlaskConical aria-hidden />}
          {TX.test}
        </Button>
        <Button size="sm" variant="outline" onClick={onEdit}>
          <Pencil aria-hidden />
          {T.edit}
        </Button>
        <Button size="sm" variant="outline" onClick={actions.duplicate} disabled={actions.duplicating}>
          <Copy aria-hidden />
          {TX.duplicate}
        </Button>
      </div>
      <FirstContactButton prompt={prompt} className="mt-2 w-full" />
    </Card>
  );
}
