import { Bot, Headset } from "lucide-react";
import { useId } from "react";
import { CONVERSATION_TEXTS as TX } from "@shared/texts/conversations";
import type { ApiConversation } from "@shared/schemas/conversations";
import { Label } from "@web/components/ui/field";
import { Switch } from "@web/components/ui/switch";
import { useSetOperatorMode } from "../api/set-operator-mode";

// On: the AI stays silent and the operator's messages go straight to the customer. Off: the AI replies.
export function OperatorModeBar({ conversation }: { conversation: ApiConversation }) {
  const id = useId();
  const mutation = useSetOperatorMode();
  const on = mutation.isPending ? mutation.variables.enabled : conversation.operatorMode;
  const Icon = on ? Headset : Bot;
  return (
    <div className="flex items-center gap-3 border-b bg-muted/30 px-3 py-2 sm:px-4">
      <Icon className="size-4 shrink-0 text-primary" aria-hidden />
      <div className="min-w-0 flex-1">
        <Label htmlFor={id}>{TX.operatorMode}</Label>
        <p id={`${id}-hint`} className="mt-0.5 text-xs text-muted-foreground">
          {on ? TX.operatorOn : TX.operatorOff}
        </p>
      </div>
      <Switch
        id={id}
        data-testid="operator-mode-switch"
        aria-describedby={`${id}-hint`}
        checked={on}
        disabled={mutation.isPending}
        onCheckedChange={(enabled) => mutation.mutate({ id: conversation.id, enabled })}
      />
    </div>
  );
}
