import { Link, type LinkProps } from "@tanstack/react-router";
import { ArrowRight, type LucideIcon } from "lucide-react";
import type { MouseEvent } from "react";
import { Card, CardContent, CardHeading } from "@web/components/ui/card";

const tileClass =
  "group flex min-w-0 items-center gap-3 rounded-lg border bg-card p-3 text-left transition-colors hover:border-primary/50 hover:bg-muted/40 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

function TileBody({ icon: Icon, label, hint }: { icon: LucideIcon; label: string; hint: string }) {
  return (
    <>
      <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/15 text-primary">
        <Icon className="size-4" aria-hidden />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-semibold">{label}</span>
        <span className="block truncate text-xs text-muted-foreground">{hint}</span>
      </span>
      <ArrowRight className="size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5" aria-hidden />
    </>
  );
}

export interface ActionItem {
  label: string;
  hint: string;
  icon: LucideIcon;
  testId: string;
  to?: LinkProps["to"];
  // An in-page anchor instead of a route; onJump moves there (and returns false to let the browser do it).
  hash?: string;
  onJump?: () => boolean;
}

export function ActionTile({ item }: { item: ActionItem }) {
  if (item.hash) {
    const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
      if (item.onJump?.()) event.preventDefault();
    };
    return (
      <a href={`#${item.hash}`} onClick={onClick} className={tileClass} data-testid={item.testId}>
        <TileBody icon={item.icon} label={item.label} hint={item.hint} />
      </a>
    );
  }
  return (
    <Link to={item.to} className={tileClass} data-testid={item.testId}>
      <TileBody icon={item.icon} label={item.label} hint={item.hint} />
    </Link>
  );
}

// A card of action tiles under a title (the admin's quick actions, the client's main actions).
export function ActionsCard({ title, items, testId, className, gridClassName }: { title: string; items: readonly ActionItem[]; testId: string; className?: string; gridClassName: string }) {
  return (
    <Card className={className} data-testid={testId}>
      <CardHeading title={title} />
      <CardContent className={gridClassName}>
        {items.map((item) => (
          <ActionTile key={item.testId} item={item} />
        ))}
      </CardContent>
    </Card>
  );
}
