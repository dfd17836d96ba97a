import { MessageCircleReply } from "lucide-react";
import type { ApiPrompt } from "@shared/schemas/prompts";
import { PROMPT_TEXTS as TX } from "@shared/texts/prompts";
import { T } from "@shared/strings";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { useActiveAccount } from "@web/lib/queries/get-active-account";
import { useSetDefaultPrompt } from "@web/lib/queries/set-default-prompt";
import { toast } from "@web/lib/toast-store";

// Makes this prompt the one that answers customers who write first on the active account, or shows
// that it already is.
export function FirstContactButton({ prompt, className }: { prompt: ApiPrompt; className?: string }) {
  const { data: account } = useActiveAccount();
  const save = useSetDefaultPrompt({
    onSuccess: () => toast({ title: T.defaultPromptSaved, description: prompt.name, variant: "success" }),
  });
  if (!account || !account.isOwner) return null;
  if (account.defaultPromptId === prompt.id) {
    return (
      <Badge variant="success" className={className} data-testid="first-contact-badge">
        <MessageCircleReply aria-hidden />
        {TX.firstContactBadge}
      </Badge>
    );
  }
  return (
    <Button
      size="sm"
      variant="outline"
      className={className}
      disabled={save.isPending}
      onClick={() => save.mutate({ accountId: account.id, promptId: prompt.id })}
      data-testid="first-contact-button"
    >
      <MessageCircleReply aria-hidden />
      {TX.useForFirstContact}
    </Button>
  );
}
