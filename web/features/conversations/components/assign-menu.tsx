import { Check, UserRound, UserX } from "lucide-react";
import { CONVERSATION_TEXTS as TX } from "@shared/texts/conversations";
import type { ApiConversation } from "@shared/schemas/conversations";
import { Button } from "@web/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from "@web/components/ui/dropdown-menu";
import { useAssignConversation } from "../api/assign-conversation";
import { useAssignees } from "../api/get-assignees";

// "Assegna a …" / "Non assegnata": one of the account's users handles the conversation.
export function AssignMenu({ conversation }: { conversation: ApiConversation }) {
  const { data: people = [] } = useAssignees();
  const assign = useAssignConversation();
  const current = people.find((p) => p.id === conversation.assignedUserId);
  const label = current ? TX.assignedTo(current.name) : TX.unassigned;
  const choose = (userId: string | null) => {
    if (userId !== conversation.assignedUserId) assign.mutate({ id: conversation.id, userId });
  };
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={`${TX.assignLabel}: ${label}`} title={label} disabled={assign.isPending} data-testid="assign-menu">
          <UserRound aria-hidden />
          <span className="hidden max-w-28 truncate lg:inline" data-testid="assign-current">
            {current?.name ?? TX.unassigned}
          </span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{TX.assignLabel}</DropdownMenuLabel>
        {people.map((p) => (
          <DropdownMenuItem key={p.id} onSelect={() => choose(p.id)} data-testid="assign-option">
            <UserRound aria-hidden />
            <span className="min-w-0 flex-1 truncate">{TX.assignTo(p.name)}</span>
            {p.id === conversation.assignedUserId ? <Check aria-hidden /> : null}
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => choose(null)} data-testid="assign-none">
          <UserX aria-hidden />
          <span className="flex-1">{TX.unassigned}</span>
          {conversation.assignedUserId === null ? <Check aria-hidden /> : null}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
