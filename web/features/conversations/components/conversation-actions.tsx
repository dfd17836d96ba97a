import { Archive, ArchiveRestore } from "lucide-react";
import { CONVERSATION_TEXTS as TX } from "@shared/texts/conversations";
import type { ApiConversation } from "@shared/schemas/conversations";
import { Button } from "@web/components/ui/button";
import { toast } from "@web/lib/toast-store";
import { useArchiveConversation } from "../api/archive-conversation";
import { AddToListDialog } from "./add-to-list-dialog";
import { AssignMenu } from "./assign-menu";
import { ConversionDialog } from "./conversion-dialog";
import { LabelMenu } from "./label-menu";

// The team's actions on a conversation: assignment, archive (or restore), add the contact to a list,
// mark the customer converted with the sale's value.
export function ConversationActions({ conversation }: { conversation: ApiConversation }) {
  const archive = useArchiveConversation({
    onSuccess: (c) => toast({ title: c?.archivedAt ? TX.archived : TX.unarchived, variant: "success" }),
  });
  const archived = !!conversation.archivedAt;
  const label = archived ? TX.unarchive : TX.archive;
  return (
    <>
      <AssignMenu conversation={conversation} />
      <LabelMenu conversation={conversation} />
      <Button
        variant="ghost"
        size="icon-sm"
        onClick={() => archive.mutate({ id: conversation.id, archived: !archived })}
        disabled={archive.isPending}
        aria-label={label}
        title={label}
        aria-pressed={archived}
        data-testid="archive-conversation"
      >
        {archived ? <ArchiveRestore aria-hidden /> : <Archive aria-hidden />}
      </Button>
      <AddToListDialog conversation={conversation} />
      <ConversionDialog conversation={conversation} />
    </>
  );
}
