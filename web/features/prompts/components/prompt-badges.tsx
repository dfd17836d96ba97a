import { Link2 } from "lucide-react";
import { PROMPT_TEXTS as TX } from "@shared/texts/prompts";
import { Badge } from "@web/components/ui/badge";

// The small pieces the prompt cards share, apart from prompt-cards.tsx so the dashboard's card does
// not load the prompts page's cards (and their switch).

export function ActiveBadge({ active }: { active: boolean }) {
  return <Badge variant={active ? "success" : "secondary"}>{active ? TX.active : TX.inactive}</Badge>;
}

export function LinkedCount({ count }: { count: number }) {
  return (
    <span className="inline-flex items-center gap-1">
      <Link2 className="size-3.5" aria-hidden />
      {TX.linkedCount(count)}
    </span>
  );
}
