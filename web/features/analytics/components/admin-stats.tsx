import { Bot, FileText, MessagesSquare, TrendingUp } from "lucide-react";
import { ANALYTICS_TEXTS as UI } from "@shared/texts/analytics";
import { useAnalyticsStats } from "../api/get-analytics-stats";
import { usePrompts } from "@web/lib/queries/get-prompts";
import { formatCount, formatPercent } from "../lib/format";
import { StatCard, type StatCardProps } from "./stat-card";

// The four figures of the admin dashboard. Without an active account the stats answer 400: dashes.
export function AdminStats() {
  const stats = useAnalyticsStats();
  const prompts = usePrompts();
  const s = stats.data;
  const dash = UI.statUnavailable;
  const activePrompts = (prompts.data ?? []).filter((p) => p.isActive).length;
  const cards: (StatCardProps & { testId: string })[] = [
    { testId: "stat-active-conversations", label: UI.activeConversations, value: s ? formatCount(s.activeConversations) : dash, hint: UI.activeHint, icon: MessagesSquare, loading: stats.isPending },
    { testId: "stat-total-templates", label: UI.totalTemplates, value: s ? formatCount(s.totalTemplates) : dash, hint: UI.templatesHint, icon: FileText, loading: stats.isPending },
    {
      testId: "stat-ai-prompts",
      label: UI.aiPrompts,
      value: prompts.data ? formatCount(prompts.data.length) : dash,
      hint: prompts.data ? UI.promptsHint(activePrompts) : undefined,
      icon: Bot,
      loading: prompts.isPending,
    },
    {
      testId: "stat-conversion-rate",
      label: UI.conversionRate,
      value: s ? formatPercent(s.conversionRate) : dash,
      hint: s ? UI.conversionHint(s.startedConversations) : undefined,
      icon: TrendingUp,
      loading: stats.isPending,
    },
  ];
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4" data-testid="admin-stats">
      {cards.map((card) => (
        <StatCard key={card.testId} {...card} />
      ))}
    </div>
  );
}
