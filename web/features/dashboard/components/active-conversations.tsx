import { Link } from "@tanstack/react-router";
import { ArrowRight, MessageSquarePlus, MessagesSquare } from "lucide-react";
import { CONVERSATION_TEXTS as TX } from "@shared/texts/conversations";
import { EmptyState } from "@web/components/empty-state";
import { LoadErrorState } from "@web/components/load-error-state";
import { Button, buttonVariants } from "@web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { useNow } from "@web/lib/use-now";
import { useActiveConversations } from "@web/lib/queries/get-active-conversations";
import { ConversationRow } from "./conversation-row";

export function ActiveConversations({
  title,
  limit,
  showViewAll = false,
  onStart,
}: {
  title: string;
  limit: number;
  showViewAll?: boolean;
  onStart?: () => void;
}) {
  const { data, isPending, isError, refetch } = useActiveConversations();
  const now = useNow();
  const shown = (data ?? []).slice(0, limit);

  let body;
  if (isPending) {
    body = (
      <div className="grid gap-3" aria-busy="true">
        {Array.from({ length: Math.min(limit, 3) }, (_, i) => (
          <div key={i} className="h-16 animate-pulse rounded-lg bg-muted" />
        ))}
      </div>
    );
  } else if (isError) {
    body = <LoadErrorState title={TX.listLoadError} onRetry={refetch} className="py-8" small />;
  } else if (shown.length === 0) {
    body = (
      <EmptyState title={TX.noActiveConversations} icon={<MessagesSquare className="size-6" aria-hidden />} className="py-8">
        {onStart ? (
          <Button size="sm" onClick={onStart} data-testid="jump-to-start">
            <MessageSquarePlus aria-hidden />
            {TX.goToStart}
          </Button>
        ) : null}
      </EmptyState>
    );
  } else {
    body = <ul className="divide-y">{shown.map((c) => <ConversationRow key={c.id} conversation={c} now={now} />)}</ul>;
  }

  return (
    <Card className="min-w-0" data-testid="active-conversations">
      <CardHeader className="flex-row items-center justify-between gap-3">
        <CardTitle>{title}</CardTitle>
        {showViewAll ? (
          <Link to="/conversations" className={buttonVariants({ variant: "link", size: "sm" })} data-testid="view-all-conversations">
            {TX.viewAll}
            <ArrowRight aria-hidden />
          </Link>
        ) : null}
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
