import { Bot, FileText, MessageSquarePlus, Settings, Users } from "lucide-react";
import { ANALYTICS_TEXTS as UI } from "@shared/texts/analytics";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { jumpToStartForm, START_FORM_ANCHOR } from "../lib/start-anchor";
import { ActionTile, type ActionItem } from "./action-tile";

const ACTIONS: ActionItem[] = [
  { label: UI.startConversation, hint: UI.startConversationHint, icon: MessageSquarePlus, hash: START_FORM_ANCHOR, onJump: () => jumpToStartForm(), testId: "quick-action-start" },
  { label: UI.manageTemplates, hint: UI.manageTemplatesHint, icon: FileText, to: "/templates", testId: "quick-action-templates" },
  { label: UI.managePrompts, hint: UI.managePromptsHint, icon: Bot, to: "/prompts", testId: "quick-action-prompts" },
  { label: UI.systemSettings, hint: UI.systemSettingsHint, icon: Settings, to: "/settings", testId: "quick-action-settings" },
  { label: UI.manageUsers, hint: UI.manageUsersHint, icon: Users, to: "/admin", testId: "quick-action-users" },
];

export function QuickActions() {
  return (
    <Card className="min-w-0" data-testid="quick-actions">
      <CardHeader>
        <CardTitle>{UI.quickActions}</CardTitle>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-2">
        {ACTIONS.map((item) => (
          <ActionTile key={item.testId} item={item} />
        ))}
      </CardContent>
    </Card>
  );
}
