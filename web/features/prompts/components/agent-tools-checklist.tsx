import { AGENT_TOOL_KEYS, type AgentToolKey } from "@shared/schemas/agent";
import { AGENT_TEXTS as TX } from "@shared/texts/agent";
import { Checkbox } from "@web/components/ui/input";

// Which actions this prompt's agent may take; none until someone ticks them.
export function AgentToolsChecklist({ selected, onChange, unsupported }: { selected: AgentToolKey[]; onChange: (keys: AgentToolKey[]) => void; unsupported: boolean }) {
  const toggle = (key: AgentToolKey, on: boolean) => onChange(AGENT_TOOL_KEYS.filter((k) => (k === key ? on : selected.includes(k))));
  return (
    <fieldset className="grid gap-2 rounded-lg border p-3" data-testid="prompt-agent-tools">
      <legend className="px-1 text-sm font-medium">{TX.toolsTitle}</legend>
      <p className="text-xs text-muted-foreground">{TX.toolsHint}</p>
      {unsupported ? (
        <p role="status" className="rounded-md border border-amber-500/40 bg-amber-500/10 px-2 py-1 text-xs text-amber-700 dark:text-amber-300">
          {TX.toolsUnsupported}
        </p>
      ) : null}
      {AGENT_TOOL_KEYS.map((key) => (
        <label key={key} className="flex items-start gap-2 text-sm">
          <Checkbox className="mt-0.5" checked={selected.includes(key)} onChange={(e) => toggle(key, e.target.checked)} />
          <span className="grid gap-0.5">
            <span className="font-medium">{TX.toolLabels[key]}</span>
            <span className="text-xs text-muted-foreground">{TX.toolHints[key]}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
