// Every query key in the console, in one place. A key is the endpoint's URL split into segments,
// so invalidating a prefix (e.g. conversations) also refreshes the calls beneath it.
export const queryKeys = {
  me: ["/api/auth/me"],
  accounts: ["/api/twilio-accounts"],
  activeAccount: ["/api/twilio-accounts", "active"],
  prompts: ["/api/prompts"],
  memories: ["/api/memories"],
  memoryFeedback: (id: string) => ["/api/memories", id, "feedback"] as const,
  templates: ["/api/templates"],
  twilioTemplates: ["/api/twilio-templates"],
  conversations: ["/api/conversations"],
  unreadCount: ["/api/conversations", "unread-count"],
  activeConversations: ["/api/conversations", "active"],
  // The list ends with its filter object, so every filtered list shares the conversations prefix.
  conversationList: (filter: { search?: string; from?: string; to?: string; view?: string; assigned?: string; label?: string; cursor?: string }) =>
    ["/api/conversations", filter] as const,
  conversationNotes: (id: string) => ["/api/conversations", id, "notes"] as const,
  assignees: ["/api/conversations", "assignees"],
  labels: ["/api/conversations", "labels"],
  conversation: (id: string) => ["/api/conversations", id] as const,
  conversationMessages: (id: string) => ["/api/conversations", id, "messages"] as const,
  analytics: ["/api/analytics"],
  analyticsStats: ["/api/analytics", "stats"],
  clientStats: ["/api/analytics", "client-stats"],
  // The series ends with its Rome-day range as query parameters.
  analyticsTimeseries: (range: { startDate: string; endDate: string }) => ["/api/analytics", "timeseries", range] as const,
  analyticsSentiment: ["/api/analytics", "sentiment"],
  adminUsers: ["/api/admin", "users"],
  auditLog: ["/api/admin", "audit-log"],
  leadSources: ["/api/lead-sources"],
  leads: ["/api/leads"],
  lists: ["/api/lists"],
  campaigns: ["/api/campaigns"],
  // The server answers for the active account; its id in the key gives each account its own list, so
  // switching account reads that account's campaigns without an invalidation.
  campaignList: (twilioAccountId: string) => ["/api/campaigns", { twilioAccountId }] as const,
  campaignFunnel: (id: string) => ["/api/campaigns", id, "funnel"] as const,
  campaignCapacity: (id: string) => ["/api/campaigns", id, "capacity"] as const,
  settings: ["/api/settings"],
  apiTokens: ["/api/lead-manager", "tokens"],
  calendarSettings: ["/api/calendar", "settings"],
  usage: ["/api/openai-usage"],
  usageStats: ["/api/openai-usage", "stats"],
  // The report ends with its filter object (limit, dates, model, operation) as query parameters.
  usageReport: (filter: { limit: number; startDate?: string; endDate?: string; model?: string; operationType?: string }) =>
    ["/api/openai-usage", filter] as const,
  usageBudget: ["/api/openai-usage", "budget"],
  operatorQuestions: ["/api/operator-questions"],
  weather: ["/api/weather"],
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
  queryKeys.lists,
  queryKeys.settings,
  queryKeys.calendarSettings,
  queryKeys.usageStats,
  queryKeys.unreadCount,
  queryKeys.operatorQuestions,
  queryKeys.weather,
  queryKeys.campaigns,
];
