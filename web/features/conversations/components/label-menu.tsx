import { Tag, X } from "lucide-react";
import { useId, useState } from "react";
import { CONVERSATION_TEXTS as TX } from "@shared/texts/conversations";
import type { ApiConversation, ApiLabel } from "@shared/schemas/conversations";
import { Button } from "@web/components/ui/button";
import { Checkbox, Input, ItemOptions, NativeSelect } from "@web/components/ui/input";
import { Popover, PopoverContent, PopoverTrigger } from "@web/components/ui/popover";
import { useCreateLabel, useDeleteLabel, useLabels, useSetLabels } from "../api/labels";
import { LABEL_COLOR_NAMES } from "../lib/label-colors";
import { LabelChip } from "./label-chips";

const COLORS = Object.keys(LABEL_COLOR_NAMES) as ApiLabel["color"][];

// The account's labels: tick them on this conversation, create new ones, delete old ones.
export function LabelMenu({ conversation }: { conversation: ApiConversation }) {
  const id = useId();
  const { data: labels = [] } = useLabels();
  const setLabels = useSetLabels();
  const create = useCreateLabel({ onSuccess: () => setName("") });
  const remove = useDeleteLabel();
  const [name, setName] = useState("");
  const [color, setColor] = useState<ApiLabel["color"]>("blue");
  // While a change is on its way the boxes show it.
  const current = setLabels.isPending ? setLabels.variables.labelIds : (conversation.labelIds ?? []);
  const toggle = (labelId: string, on: boolean) =>
    setLabels.mutate({ id: conversation.id, labelIds: on ? [...current, labelId] : current.filter((l) => l !== labelId) });
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon-sm" aria-label={TX.labels} title={TX.labels} data-testid="label-menu">
          <Tag aria-hidden />
        </Button>
      </PopoverTrigger>
      <PopoverContent className="grid gap-3">
        <p className="text-sm font-semibold">{TX.labels}</p>
        <ul className="grid max-h-56 gap-1 overflow-y-auto">
          {labels.map((l) => (
            <li key={l.id} className="flex items-center gap-2">
              <label className="flex min-w-0 flex-1 cursor-pointer items-center gap-2">
                <Checkbox
                  checked={current.includes(l.id)}
                  disabled={setLabels.isPending}
                  onChange={(e) => toggle(l.id, e.target.checked)}
                  data-testid="label-option"
                  aria-label={l.name}
                />
                <LabelChip label={l} />
              </label>
              <Button
                variant="ghost"
                size="icon-sm"
                aria-label={TX.labelDelete(l.name)}
                title={TX.labelDelete(l.name)}
                disabled={remove.isPending}
                onClick={() => remove.mutate(l.id)}
              >
                <X aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
        <form
          className="grid gap-2 border-t pt-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (name.trim() && !create.isPending) create.mutate({ name: name.trim(), color });
          }}
        >
          <p className="text-xs font-medium text-muted-foreground">{TX.labelNew}</p>
          <div className="flex gap-2">
            <Input id={`${id}-name`} value={name} onChange={(e) => setName(e.target.value)} maxLength={40} placeholder={TX.labelName} aria-label={TX.labelName} data-testid="label-name" />
            <NativeSelect value={color} onChange={(e) => setColor(e.target.value as ApiLabel["color"])} aria-label={TX.labelColor} className="w-32" data-testid="label-color">
              <ItemOptions items={COLORS} value={(c) => c} label={(c) => LABEL_COLOR_NAMES[c]} />
            </NativeSelect>
          </div>
          <Button type="submit" size="sm" disabled={!name.trim() || create.isPending} data-testid="label-create">
            {TX.labelCreate}
          </Button>
        </form>
      </PopoverContent>
    </Popover>
  );
}
