import { Bot, FileText, MessageSquarePlus, Settings, Users } from "lucide-react";
import { ANALYTICS_TEXTS as UI } from "@shared/texts/analytics";
import { jumpToStartForm, START_FORM_ANCHOR } from "../lib/start-anchor";
import { ActionsCard, type ActionItem } from "./action-tile";

const ACTIONS: ActionItem[] = [
  { label: UI.startConversation, hint: UI.startConversationHint, icon: MessageSquarePlus, hash: START_FORM_ANCHOR, onJump: () => jumpToStartForm(), testId: "quick-action-start" },
  { label: UI.manageTemplates, hint: UI.manageTemplatesHint, icon: FileText, to: "/templates", testId: "quick-action-templates" },
  { label: UI.managePrompts, hint: UI.managePromptsHint, icon: Bot, to: "/prompts", testId: "quick-action-prompts" },
  { label: UI.systemSettings, hint: UI.systemSettingsHint, icon: Settings, to: "/settings", testId: "quick-action-settings" },
  { label: UI.manageUsers, hint: UI.manageUsersHint, icon: Users, to: "/admin", testId: "quick-action-users" },
];

export function QuickActions() {
  return <ActionsCard title={UI.quickActions} items={ACTIONS} testId="quick-actions" className="min-w-0" gridClassName="grid grid-cols-1 gap-2" />;
}
