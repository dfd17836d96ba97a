import { CONVERSATION_TEXTS as TX } from "@shared/texts/conversations";
import { cn } from "@web/lib/cn";
import { useUnreadCount } from "../api/get-unread-count";

export function UnreadBadge({ className, descriptionId }: { className?: string; descriptionId?: string }) {
  const { data: count = 0 } = useUnreadCount();
  if (count <= 0) return null;
  return (
    <span
      data-testid="unread-badge"
      title={TX.unreadBadge(count)}
      className={cn(
        "ml-auto inline-flex min-w-5 items-center justify-center rounded-full bg-destructive px-1.5 text-[11px] leading-5 font-semibold text-destructive-foreground tabular-nums",
        className,
      )}
    >
      {/* Drawn from data-count: the sidebar link's name stays "Conversazioni" (its visible label) and
          the count reaches assistive technology once, as the link's description below. */}
      <span aria-hidden data-count={count > 99 ? "99+" : String(count)} className="before:content-[attr(data-count)]" />
      <span id={descriptionId} className="sr-only">
        {TX.unreadBadge(count)}
      </span>
    </span>
  );
}
