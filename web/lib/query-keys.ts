// Every query key in the console, in one place. A key is the endpoint's URL split into segments,
// so invalidating a prefix (e.g. conversations) also refreshes the calls beneath it.
export const queryKeys = {
  me: ["/api/auth/me"],
  accounts: ["/api/twilio-accounts"],
  activeAccount: ["/api/twilio-accounts", "active"],
  prompts: ["/api/prompts"],
  memories: ["/api/memories"],
  templates: ["/api/templates"],
  twilioTemplates: ["/api/twilio-templates"],
  conversations: ["/api/conversations"],
  unreadCount: ["/api/conversations", "unread-count"],
  activeConversations: ["/api/conversations", "active"],
  analytics: ["/api/analytics"],
  leadSources: ["/api/lead-sources"],
  leads: ["/api/leads"],
  calendarSettings: ["/api/calendar", "settings"],
  usage: ["/api/openai-usage"],
  usageStats: ["/api/openai-usage", "stats"],
} as const;

// Everything scoped to the active account: refreshed after the user switches account.
export const ACCOUNT_SCOPED_KEYS: readonly (readonly string[])[] = [
  queryKeys.accounts,
  queryKeys.activeAccount,
  queryKeys.prompts,
  queryKeys.memories,
  queryKeys.templates,
  queryKeys.twilioTemplates,
  queryKeys.conversations,
  queryKeys.analytics,
  queryKeys.leadSources,
  queryKeys.leads,
  queryKeys.calendarSettings,
  queryKeys.usageStats,
  queryKeys.unreadCount,
];
