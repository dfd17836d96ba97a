import { Calendar, List, Megaphone, MessageSquare, MessagesSquare, Reply } from "lucide-react";
import { ANALYTICS_TEXTS as UI } from "@shared/texts/analytics";
import { useClientStats } from "../api/get-client-stats";
import { formatCount, formatPercent } from "../lib/format";
import { ActionsCard, type ActionItem } from "./action-tile";
import { StatCard } from "./stat-card";

const MAIN_ACTIONS: ActionItem[] = [
  { label: UI.listsAction, hint: UI.listsHint, icon: List, to: "/lists", testId: "main-action-lists" },
  { label: UI.campaignsAction, hint: UI.campaignsHint, icon: Megaphone, to: "/campaigns", testId: "main-action-campaigns" },
  { label: UI.calendarAction, hint: UI.calendarHint, icon: Calendar, to: "/calendar", testId: "main-action-calendar" },
  { label: UI.conversationsAction, hint: UI.conversationsHint, icon: MessageSquare, to: "/conversations", testId: "main-action-conversations" },
];

// The client dashboard's figures and main actions; the start form and recent conversations follow it.
export function ClientOverview() {
  const { data, isPending } = useClientStats();
  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <div className="grid grid-cols-2 gap-3 sm:gap-4" data-testid="client-stats">
        <StatCard
          testId="stat-active-conversations"
          label={UI.activeConversations}
          value={data ? formatCount(data.activeConversations) : UI.statUnavailable}
          hint={UI.activeHint}
          icon={MessagesSquare}
          loading={isPending}
        />
        <StatCard
          testId="stat-response-rate"
          label={UI.responseRate}
          value={data ? formatPercent(data.responseRate) : UI.statUnavailable}
          hint={data ? UI.responseHint(data.repliedConversations, data.startedConversations) : undefined}
          icon={Reply}
          loading={isPending}
        />
      </div>
      <ActionsCard title={UI.mainActions} items={MAIN_ACTIONS} testId="main-actions" gridClassName="grid grid-cols-1 gap-2 sm:grid-cols-2 2xl:grid-cols-4" />
    </div>
  );
}
