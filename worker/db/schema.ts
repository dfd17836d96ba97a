// The single source of truth for tables. Times are epoch milliseconds (UTC) everywhere;
// drizzle maps them to Date objects, which serialise to ISO strings in API answers.
import { sql } from "drizzle-orm";
import { type AnySQLiteColumn, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
// Relative, not @shared: drizzle-kit loads this file without the path aliases.
import { MESSAGE_SENDERS, MESSAGE_STATUSES, USER_ROLES } from "../../src/shared/constants";
import { DEFAULT_ACCOUNT_MODEL, DEFAULT_FEEDBACK_MODEL } from "../../src/shared/models";
import type { MessageButton, MessageLocation } from "@shared/media";
import type { VariableBindings } from "@shared/template-variables";

const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());
const timestamp = (name: string) => integer(name, { mode: "timestamp_ms" });
const createdAt = () =>
  timestamp("created_at")
    .notNull()
    .$defaultFn(() => new Date());
const updatedAt = () =>
  timestamp("updated_at")
    .notNull()
    .$defaultFn(() => new Date())
    .$onUpdateFn(() => new Date());
const flag = (name: string, value: boolean) => integer(name, { mode: "boolean" }).notNull().default(value);
const json = <T>(name: string) => text(name, { mode: "json" }).$type<T>();
const stringList = (name: string) =>
  text(name, { mode: "json" })
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'`);

// Foreign keys that make "deleting a user or a provider account cascade to what belongs to it".
const userRef = (name = "user_id") =>
  text(name)
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });
const accountRef = (name = "twilio_account_id") =>
  text(name)
    .notNull()
    .references(() => twilioAccounts.id, { onDelete: "cascade" });

export const users = sqliteTable("users", {
  id: id(),
  email: text("email").notNull().unique(),
  password: text("password"),
  firstName: text("first_name"),
  lastName: text("last_name"),
  profileImageUrl: text("profile_image_url"),
  role: text("role", { enum: USER_ROLES }).notNull().default("client"),
  // Disabling a user ends all their sessions and blocks sign-in.
  isActive: flag("is_active", true),
  // After an administrator's reset: every call but choosing a new password answers 403.
  mustChangePassword: flag("must_change_password", false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// sid is the SHA-256 of the cookie value, so a database leak does not leak live sessions.
export const sessions = sqliteTable(
  "sessions",
  {
    sid: text("sid").primaryKey(),
    sess: json<{ ip?: string; userAgent?: string }>("sess").notNull(),
    expire: timestamp("expire").notNull(),
    userId: userRef(),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at").notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expire_idx").on(t.expire)],
);

// One row per open live socket (conversation, or any later kind of live object): revoking a session,
// a user or an account finds here which objects to tell. Plain ids, no foreign keys, so a row outlives
// the session it names until its object has closed the socket.
export const liveSockets = sqliteTable(
  "live_sockets",
  {
    id: text("id").primaryKey(),
    objectKind: text("object_kind").notNull(),
    objectName: text("object_name").notNull(),
    sessionId: text("session_id").notNull(),
    userId: text("user_id").notNull(),
    twilioAccountId: text("twilio_account_id"),
    openedAt: timestamp("opened_at").notNull(),
  },
  (t) => [index("live_sockets_session_idx").on(t.sessionId), index("live_sockets_user_idx").on(t.userId), index("live_sockets_account_idx").on(t.twilioAccountId)],
);

export const loginAttempts = sqliteTable("login_attempts", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  firstFailureAt: timestamp("first_failure_at").notNull(),
  lockedUntil: timestamp("locked_until"),
});

export const twilioAccounts = sqliteTable(
  "twilio_accounts",
  {
    id: id(),
    userId: userRef(),
    name: text("name").notNull(),
    accountSid: text("account_sid").notNull(),
    // AES-GCM ciphertext; never sent back to the browser in full.
    authToken: text("auth_token").notNull(),
    phoneNumber: text("phone_number").notNull(),
    profilePhoto: text("profile_photo"),
    gptModel: text("gpt_model").notNull().default(DEFAULT_ACCOUNT_MODEL),
    feedbackModel: text("feedback_model").notNull().default(DEFAULT_FEEDBACK_MODEL),
    isActive: flag("is_active", true),
    isDefault: flag("is_default", false),
    sandbox: flag("sandbox", false),
    // Numbers typed without an international prefix belong to this country (ISO 3166 alpha-2).
    phoneCountry: text("phone_country").notNull().default("IT"),
    // The prompt that answers customers who write first (no template opened their conversation).
    defaultPromptId: text("default_prompt_id").references((): AnySQLiteColumn => prompts.id, { onDelete: "set null" }),
    // When the last inbound webhook arrived: shows at once whether a real number is wired.
    lastInboundAt: timestamp("last_inbound_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("twilio_accounts_user_idx").on(t.userId),
    // Only one default account per owner.
    uniqueIndex("twilio_accounts_one_default_uq").on(t.userId).where(sql`${t.isDefault} = 1`),
  ],
);

export const accountUsers = sqliteTable(
  "account_users",
  {
    id: id(),
    userId: userRef(),
    twilioAccountId: accountRef(),
    isOwner: flag("is_owner", false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("account_users_user_account_uq").on(t.userId, t.twilioAccountId),
    index("account_users_account_idx").on(t.twilioAccountId),
  ],
);

export const userSettings = sqliteTable("user_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  activeTwilioAccountId: text("active_twilio_account_id").references(() => twilioAccounts.id, {
    onDelete: "set null",
  }),
  updatedAt: updatedAt(),
});

export const lists = sqliteTable(
  "lists",
  {
    id: id(),
    userId: userRef(),
    twilioAccountId: accountRef(),
    name: text("name").notNull(),
    listType: text("list_type").notNull().default("static"),
    source: text("source").notNull(),
    config: json<Record<string, unknown>>("config"),
    fieldMapping: json<Record<string, string>>("field_mapping"),
    isActive: flag("is_active", true),
    lastSyncAt: timestamp("last_sync_at"),
    // A dynamic Airtable list re-imports every syncInterval minutes; nextSyncAt is claimed by one cron tick.
    syncInterval: integer("sync_interval").notNull().default(30),
    nextSyncAt: timestamp("next_sync_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("lists_account_idx").on(t.twilioAccountId), index("lists_user_idx").on(t.userId)],
);

export const listLeads = sqliteTable(
  "list_leads",
  {
    id: id(),
    listId: text("list_id")
      .notNull()
      .references(() => lists.id, { onDelete: "cascade" }),
    nome: text("nome"),
    cognome: text("cognome"),
    numeroTelefono: text("numero_telefono"),
    email: text("email"),
    professione: text("professione"),
    note: text("note"),
    originalData: json<Record<string, unknown>>("original_data"),
    externalId: text("external_id"),
    funnelStatus: text("funnel_status").notNull().default("active"),
    importedAt: timestamp("imported_at")
      .notNull()
      .$defaultFn(() => new Date()),
    isActive: flag("is_active", true),
    // The last import that found this record in its source; a re-sync deactivates the ones it did not.
    seenImportId: text("seen_import_id"),
  },
  (t) => [
    index("list_leads_list_idx").on(t.listId),
    uniqueIndex("list_leads_list_external_uq").on(t.listId, t.externalId),
    index("list_leads_phone_idx").on(t.numeroTelefono),
  ],
);

export const LIST_IMPORT_STATUSES = ["queued", "running", "completed", "failed"] as const;

// One import into a list (a CSV file or an Airtable table), run as queue jobs one chunk at a time;
// its counters are the progress and the report the console shows.
export const listImports = sqliteTable(
  "list_imports",
  {
    id: id(),
    listId: text("list_id")
      .notNull()
      .references(() => lists.id, { onDelete: "cascade" }),
    twilioAccountId: accountRef(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    source: text("source").notNull(),
    status: text("status", { enum: LIST_IMPORT_STATUSES }).notNull().default("queued"),
    // The mapping and (for a CSV) the file as they were when the import started.
    mapping: json<Record<string, string>>("mapping").notNull(),
    fileKey: text("file_key"),
    total: integer("total"),
    chunksTotal: integer("chunks_total"),
    chunksDone: integer("chunks_done").notNull().default(0),
    processed: integer("processed").notNull().default(0),
    created: integer("created").notNull().default(0),
    updated: integer("updated").notNull().default(0),
    unchanged: integer("unchanged").notNull().default(0),
    invalid: integer("invalid").notNull().default(0),
    // Records gone from the source, marked inactive when the import completed.
    deactivated: integer("deactivated").notNull().default(0),
    error: text("error"),
    startedAt: timestamp("started_at")
      .notNull()
      .$defaultFn(() => new Date()),
    finishedAt: timestamp("finished_at"),
    updatedAt: updatedAt(),
  },
  (t) => [index("list_imports_list_idx").on(t.listId, t.startedAt)],
);

// A chunk of an import that has been applied: a redelivered job finds it and does nothing twice.
// An Airtable chunk keeps the cursor of the next page; invalid rows are kept for the report.
export const listImportChunks = sqliteTable(
  "list_import_chunks",
  {
    importId: text("import_id")
      .notNull()
      .references(() => listImports.id, { onDelete: "cascade" }),
    chunk: integer("chunk").notNull(),
    nextCursor: text("next_cursor"),
    invalidRows: json<{ row: number; reason: string }[]>("invalid_rows")
      .notNull()
      .default(sql`'[]'`),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.chunk] })],
);

export const prompts = sqliteTable(
  "prompts",
  {
    id: id(),
    userId: userRef(),
    twilioAccountId: accountRef(),
    name: text("name").notNull(),
    content: text("content").notNull(),
    model: text("model").notNull().default("gpt-3.5-turbo"),
    temperature: integer("temperature").notNull().default(7),
    maxTokens: integer("max_tokens").notNull().default(500),
    linkedTemplates: stringList("linked_templates"),
    isActive: flag("is_active", true),
    // The tools this prompt's agent may call (none unless chosen), and when its model refused tools.
    agentTools: stringList("agent_tools"),
    toolsUnsupportedAt: timestamp("tools_unsupported_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("prompts_account_created_idx").on(t.twilioAccountId, t.createdAt), index("prompts_user_idx").on(t.userId)],
);

export const templates = sqliteTable(
  "templates",
  {
    id: id(),
    userId: userRef(),
    twilioAccountId: accountRef(),
    name: text("name").notNull(),
    description: text("description"),
    category: text("category").notNull(),
    icon: text("icon").notNull().default("fas fa-template"),
    color: text("color").notNull().default("primary"),
    isActive: flag("is_active", true),
    promptId: text("prompt_id").references(() => prompts.id, { onDelete: "set null" }),
    order: integer("order").notNull().default(0),
    settings: json<Record<string, unknown>>("settings"),
    channel: text("channel").notNull().default("whatsapp"),
    language: text("language").notNull().default("it"),
    // Quick replies, calls to action and cards (issue 21) add a footer, buttons and a media library file.
    whatsappContent: json<{
      type: string;
      text?: string;
      mediaUrl?: string;
      mediaCaption?: string;
      mediaLibraryId?: string;
      footer?: string;
      buttons?: { type: string; title: string; id?: string; url?: string; phone?: string }[];
    }>("whatsapp_content"),
    status: text("status").notNull().default("draft"),
    externalTemplateId: text("external_template_id"),
    externalStatus: text("external_status"),
    submittedAt: timestamp("submitted_at"),
    lastSyncedAt: timestamp("last_synced_at"),
    rejectionReason: text("rejection_reason"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("templates_account_idx").on(t.twilioAccountId),
    index("templates_user_idx").on(t.userId),
    index("templates_status_idx").on(t.status),
  ],
);

export const conversations = sqliteTable(
  "conversations",
  {
    id: id(),
    userId: userRef(),
    twilioAccountId: accountRef(),
    phoneNumber: text("phone_number").notNull(),
    customerName: text("customer_name"),
    templateId: text("template_id").references(() => templates.id, { onDelete: "set null" }),
    promptId: text("prompt_id").references(() => prompts.id, { onDelete: "set null" }),
    status: text("status").notNull().default("active"),
    operatorMode: flag("operator_mode", false),
    lastMessage: text("last_message"),
    lastMessageAt: timestamp("last_message_at"),
    lastReadAt: timestamp("last_read_at"),
    // The provider template (Content SID) the conversation was started with.
    templateSid: text("template_sid"),
    templateName: text("template_name"),
    templateCategory: text("template_category"),
    customerCompany: text("customer_company"),
    // The customer's last message opens WhatsApp's 24-hour customer-service window.
    lastInboundAt: timestamp("last_inbound_at"),
    // Whether the AI is working on a reply, or could not answer (shown in the chat).
    aiStatus: text("ai_status", { enum: ["idle", "pending", "failed"] }).notNull().default("idle"),
    aiError: text("ai_error"),
    // The channel the customer uses (from the inbound webhook or the start): replies go out on it.
    channel: text("channel", { enum: ["whatsapp", "sms"] }).notNull().default("whatsapp"),
    // Archived conversations leave the default list; a new customer message clears this.
    archivedAt: timestamp("archived_at"),
    assignedUserId: text("assigned_user_id").references(() => users.id, { onDelete: "set null" }),
    // Kept by triggers (migrations/0020_conversion_rollup.sql), never written by the Worker: whether a
    // converted lead links to it or the AI qualified it, and the deal value of its number's converted lead.
    converted: integer("converted").notNull().default(0),
    revenueCents: integer("revenue_cents").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("conversations_account_phone_uq").on(t.twilioAccountId, t.phoneNumber),
    // Ending in the id, the lists' tie-break, so that a page is read in index order and stops at its limit.
    index("conversations_account_last_idx").on(t.twilioAccountId, t.lastMessageAt, t.id),
    index("conversations_account_assignee_idx").on(t.twilioAccountId, t.assignedUserId, t.lastMessageAt, t.id),
    index("conversations_user_idx").on(t.userId),
    // Covers the client dashboard's response rate, which groups an account's conversations by template and
    // status (the admin stats read conversation_template_rollup).
    index("conversations_account_stats_idx").on(t.twilioAccountId, t.templateSid, t.status, t.templateName, t.templateCategory, t.id),
  ],
);

// The dashboard stats' per-template counts: one row per account and the template its conversations were
// started with ('' for those the customer started). Kept in step with conversations by triggers
// (migrations/0010_conversation_template_rollup.sql) in the same statement as every insert, update or
// delete of a conversation, so the stats read a few rows instead of the account's conversations. The
// name and category are the template's as last recorded on one of its conversations.
export const conversationTemplateRollup = sqliteTable(
  "conversation_template_rollup",
  {
    twilioAccountId: text("twilio_account_id")
      .notNull()
      .references(() => twilioAccounts.id, { onDelete: "cascade" }),
    templateKey: text("template_key").notNull(),
    templateName: text("template_name"),
    templateCategory: text("template_category"),
    conversations: integer("conversations").notNull().default(0),
    active: integer("active").notNull().default(0),
    // The sums of its conversations' converted and revenueCents (migrations/0020_conversion_rollup.sql).
    converted: integer("converted").notNull().default(0),
    revenueCents: integer("revenue_cents").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.twilioAccountId, t.templateKey] })],
);

// The deal values of an account's converted leads, with or without a conversation, kept by triggers on
// leads (migrations/0020_conversion_rollup.sql): the dashboard's revenue without reading every lead.
export const accountRevenueRollup = sqliteTable("account_revenue_rollup", {
  twilioAccountId: text("twilio_account_id")
    .primaryKey()
    .references(() => twilioAccounts.id, { onDelete: "cascade" }),
  revenueCents: integer("revenue_cents").notNull().default(0),
});

export const messages = sqliteTable(
  "messages",
  {
    id: id(),
    conversationId: text("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    isFromBot: flag("is_from_bot", false),
    twilioMessageId: text("twilio_message_id"),
    status: text("status", { enum: MESSAGE_STATUSES }),
    errorCode: text("error_code"),
    errorMessage: text("error_message"),
    sender: text("sender", { enum: MESSAGE_SENDERS }).notNull().default("customer"),
    // For AI replies: the last customer message answered, so a redelivered job never replies twice.
    replyToId: text("reply_to_id"),
    templateSid: text("template_sid"),
    templateVariables: json<Record<string, string>>("template_variables"),
    // Memory passages an AI reply used, shown in the chat.
    sources: json<{ memoryId: string; name: string }[]>("sources"),
    sendAttempts: integer("send_attempts").notNull().default(0),
    // The outbox lease: when a consumer last claimed this message for sending.
    claimedAt: timestamp("claimed_at"),
    // Set just before the call to Twilio and cleared by a known outcome: while set, the message may
    // have reached Twilio, so the next attempt looks it up there before sending again.
    twilioAttemptAt: timestamp("twilio_attempt_at"),
    createdAt: createdAt(),
    // A shared location and a tapped quick-reply button (issue 21).
    location: json<MessageLocation>("location"),
    button: json<MessageButton>("button"),
  },
  (t) => [
    index("messages_conversation_time_idx").on(t.conversationId, t.createdAt),
    index("messages_outbox_idx")
      .on(t.createdAt)
      .where(sql`${t.twilioMessageId} IS NULL AND ${t.status} IN ('queued', 'sending')`),
    uniqueIndex("messages_twilio_sid_uq").on(t.twilioMessageId),
    // Only AI replies have a reply-to: the others stay out of the index (migration 0026).
    uniqueIndex("messages_reply_uq")
      .on(t.conversationId, t.replyToId)
      .where(sql`${t.replyToId} IS NOT NULL`),
  ],
);

// Internal notes in a thread: shown to the team only, never sent and never given to the model.
export const conversationNotes = sqliteTable(
  "conversation_notes",
  {
    id: id(),
    conversationId: text("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    authorName: text("author_name").notNull(),
    content: text("content").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("conversation_notes_conversation_time_idx").on(t.conversationId, t.createdAt)],
);

// Labels of an account (name and colour) and the conversations that carry them.
export const conversationLabels = sqliteTable(
  "conversation_labels",
  {
    id: id(),
    twilioAccountId: accountRef(),
    name: text("name").notNull(),
    color: text("color").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("conversation_labels_account_name_uq").on(t.twilioAccountId, t.name)],
);

export const conversationLabelLinks = sqliteTable(
  "conversation_label_links",
  {
    conversationId: text("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    labelId: text("label_id")
      .notNull()
      .references(() => conversationLabels.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.labelId] }), index("conversation_label_links_label_idx").on(t.labelId, t.conversationId)],
);

// Saved replies of an account, picked with "/" in the composer.
export const savedReplies = sqliteTable(
  "saved_replies",
  {
    id: id(),
    twilioAccountId: accountRef(),
    shortcut: text("shortcut").notNull(),
    content: text("content").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("saved_replies_account_shortcut_uq").on(t.twilioAccountId, t.shortcut)],
);

// Numbers that wrote STOP (or ANNULLA, DISISCRIVIMI, CANCELLAMI) to an account: nothing more is sent to them.
export const optOuts = sqliteTable(
  "opt_outs",
  {
    id: id(),
    twilioAccountId: accountRef(),
    phoneNumber: text("phone_number").notNull(),
    keyword: text("keyword").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("opt_outs_account_phone_uq").on(t.twilioAccountId, t.phoneNumber)],
);

export const conversationSummaries = sqliteTable("conversation_summaries", {
  conversationId: text("conversation_id")
    .primaryKey()
    .references(() => conversations.id, { onDelete: "cascade" }),
  summary: text("summary").notNull(),
  messageCount: integer("message_count").notNull().default(0),
  lastMessageId: text("last_message_id"),
  updatedAt: updatedAt(),
});

export const analytics = sqliteTable(
  "analytics",
  {
    id: id(),
    userId: userRef(),
    twilioAccountId: accountRef(),
    templateId: text("template_id").references(() => templates.id, { onDelete: "set null" }),
    conversationId: text("conversation_id").references(() => conversations.id, { onDelete: "cascade" }),
    eventType: text("event_type").notNull(),
    metadata: json<Record<string, unknown>>("metadata"),
    createdAt: createdAt(),
  },
  (t) => [
    index("analytics_account_time_idx").on(t.twilioAccountId, t.createdAt),
    index("analytics_template_idx").on(t.templateId),
    index("analytics_conversation_idx").on(t.conversationId),
  ],
);

export const leadSources = sqliteTable(
  "lead_sources",
  {
    id: id(),
    userId: userRef(),
    twilioAccountId: accountRef(),
    name: text("name").notNull(),
    type: text("type").notNull(),
    isActive: flag("is_active", true),
    templateId: text("template_id").references(() => templates.id, { onDelete: "set null" }),
    // Where each {{n}} of the template takes its value for a lead.
    templateVariables: json<VariableBindings>("template_variables"),
    autoResponse: flag("auto_response", true),
    autoSync: flag("auto_sync", false),
    syncInterval: integer("sync_interval").notNull().default(30),
    lastSyncAt: timestamp("last_sync_at"),
    nextSyncAt: timestamp("next_sync_at"),
    calendarType: text("calendar_type"),
    calendarHour: integer("calendar_hour").notNull().default(9),
    calendarMinute: integer("calendar_minute").notNull().default(0),
    timezone: text("timezone").notNull().default("Europe/Rome"),
    talkingSchedules: json<{ hour: number; minute: number; message: string }[]>("talking_schedules"),
    talkingSchedulesSent: json<string[]>("talking_schedules_sent"),
    startDate: timestamp("start_date"),
    endDate: timestamp("end_date"),
    selectedDays: json<number[]>("selected_days"),
    specificDate: timestamp("specific_date"),
    lastCampaignAt: timestamp("last_campaign_at"),
    nextCampaignAt: timestamp("next_campaign_at"),
    campaignSent: flag("campaign_sent", false),
    settings: json<Record<string, unknown>>("settings"),
    fieldMapping: json<Record<string, string>>("field_mapping"),
    // A pulled source's connection (Airtable: apiKey encrypted, baseId, tableId, viewId).
    config: json<Record<string, unknown>>("config"),
    lastSyncResult: json<{ ok: boolean; created: number; updated: number; invalid: number; error: string | null }>("last_sync_result"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("lead_sources_account_idx").on(t.twilioAccountId),
    index("lead_sources_user_idx").on(t.userId),
    index("lead_sources_sync_due_idx").on(t.autoSync, t.nextSyncAt),
  ],
);

export const leads = sqliteTable(
  "leads",
  {
    id: id(),
    userId: userRef(),
    leadSourceId: text("lead_source_id").references(() => leadSources.id, { onDelete: "set null" }),
    twilioAccountId: accountRef(),
    phoneNumber: text("phone_number").notNull(),
    name: text("name"),
    email: text("email"),
    company: text("company"),
    notes: text("notes"),
    customFields: json<Record<string, unknown>>("custom_fields"),
    status: text("status").notNull().default("new"),
    conversationId: text("conversation_id").references(() => conversations.id, { onDelete: "set null" }),
    externalId: text("external_id"),
    // The values the agent wrote, per field: a field whose value differs was set by a person and is kept.
    agentFields: json<Record<string, string>>("agent_fields"),
    importedAt: timestamp("imported_at")
      .notNull()
      .$defaultFn(() => new Date()),
    lastContactedAt: timestamp("last_contacted_at"),
    // Revenue: the deal value in euro cents of a converted lead, and when it was converted.
    dealValueCents: integer("deal_value_cents"),
    convertedAt: timestamp("converted_at"),
    // Set by the one claim that sends the source's auto-response, so it goes out once per lead.
    autoRespondedAt: timestamp("auto_responded_at"),
    // Why the source's template was not sent to this lead (a variable without a value); null once sent.
    templateBlocked: text("template_blocked"),
  },
  (t) => [
    index("leads_account_converted_idx").on(t.twilioAccountId, t.convertedAt),
    index("leads_account_status_conversation_idx").on(t.twilioAccountId, t.status, t.conversationId),
    index("leads_source_idx").on(t.leadSourceId),
    uniqueIndex("leads_account_phone_uq").on(t.twilioAccountId, t.phoneNumber),
    index("leads_user_idx").on(t.userId),
  ],
);

export const memories = sqliteTable(
  "memories",
  {
    id: id(),
    userId: userRef(),
    twilioAccountId: accountRef(),
    name: text("name").notNull(),
    content: text("content").notNull().default(""),
    memoryType: text("memory_type").notNull().default("standard"),
    dataType: text("data_type").notNull().default("text"),
    dataSource: json<Record<string, unknown>>("data_source"),
    visibility: text("visibility").notNull().default("private"),
    linkedTemplates: stringList("linked_templates"),
    // Used by every conversation of the account, also those no template opened.
    allConversations: flag("all_conversations", false),
    isActive: flag("is_active", true),
    // The knowledge passages built from the content, the CSV rows or the Airtable records.
    // A text memory whose indexed_at is older than updated_at is re-indexed before it is searched.
    indexedAt: timestamp("indexed_at"),
    passageCount: integer("passage_count").notNull().default(0),
    passageChars: integer("passage_chars").notNull().default(0),
    // Last successful CSV upload or Airtable sync, and the last sync error shown on the card.
    lastSyncAt: timestamp("last_sync_at"),
    syncError: text("sync_error"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("memories_account_idx").on(t.twilioAccountId), index("memories_user_idx").on(t.userId)],
);

// One searchable passage of a memory (a paragraph, a CSV row, an Airtable record). The integer id
// is the rowid of the FTS5 index memory_passages_fts, which the migration keeps in step with triggers.
export const memoryPassages = sqliteTable(
  "memory_passages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    memoryId: text("memory_id")
      .notNull()
      .references(() => memories.id, { onDelete: "cascade" }),
    ordinal: integer("ordinal").notNull(),
    text: text("text").notNull(),
  },
  (t) => [index("memory_passages_memory_idx").on(t.memoryId, t.ordinal)],
);

export const feedbackEntries = sqliteTable(
  "feedback_entries",
  {
    id: id(),
    memoryId: text("memory_id")
      .notNull()
      .references(() => memories.id, { onDelete: "cascade" }),
    phoneNumber: text("phone_number").notNull(),
    positiveItems: stringList("positive_items"),
    negativeItems: stringList("negative_items"),
    lastUpdated: timestamp("last_updated")
      .notNull()
      .$defaultFn(() => new Date()),
  },
  (t) => [uniqueIndex("feedback_entries_memory_phone_uq").on(t.memoryId, t.phoneNumber)],
);

export const internalEvents = sqliteTable(
  "internal_events",
  {
    id: id(),
    userId: userRef(),
    twilioAccountId: accountRef(),
    title: text("title").notNull(),
    description: text("description"),
    eventType: text("event_type").notNull().default("reminder"),
    eventDate: timestamp("event_date").notNull(),
    notifyBefore: integer("notify_before").notNull().default(0),
    isRecurring: flag("is_recurring", false),
    recurringType: text("recurring_type"),
    recurringDays: stringList("recurring_days"),
    notificationTemplate: text("notification_template"),
    notificationMessage: text("notification_message"),
    isActive: flag("is_active", true),
    lastNotified: timestamp("last_notified"),
    createdAt: createdAt(),
  },
  (t) => [index("internal_events_account_date_idx").on(t.twilioAccountId, t.eventDate)],
);

export const openaiUsage = sqliteTable(
  "openai_usage",
  {
    id: id(),
    userId: userRef(),
    twilioAccountId: text("twilio_account_id").references(() => twilioAccounts.id, { onDelete: "cascade" }),
    conversationId: text("conversation_id").references(() => conversations.id, { onDelete: "set null" }),
    messageId: text("message_id").references(() => messages.id, { onDelete: "set null" }),
    templateId: text("template_id").references(() => templates.id, { onDelete: "set null" }),
    promptId: text("prompt_id").references(() => prompts.id, { onDelete: "set null" }),
    model: text("model").notNull(),
    promptTokens: integer("prompt_tokens").notNull().default(0),
    completionTokens: integer("completion_tokens").notNull().default(0),
    totalTokens: integer("total_tokens").notNull().default(0),
    // Costs in US dollars, stored as decimal text as the spec says.
    promptCost: text("prompt_cost").notNull().default("0"),
    completionCost: text("completion_cost").notNull().default("0"),
    totalCost: text("total_cost").notNull().default("0"),
    operationType: text("operation_type").notNull(),
    requestDuration: integer("request_duration").notNull().default(0),
    metadata: json<Record<string, unknown>>("metadata"),
    createdAt: createdAt(),
  },
  (t) => [
    // Covers the usage report's page of rows and, for a filter the daily rollup cannot answer (a bound
    // inside a Rome day), its aggregates, without reading the table.
    index("openai_usage_account_report_idx").on(t.twilioAccountId, t.createdAt, t.model, t.operationType, t.totalCost, t.totalTokens),
    index("openai_usage_user_idx").on(t.userId),
  ],
);

// The usage report's aggregates: one row per account, Europe/Rome day ("yyyy-MM-dd"), model and
// operation. Kept in step with openai_usage by triggers (migrations/0009_usage_daily_rollup.sql), in
// the same statement as every insert, update or delete of a usage row whatever writes it, so it never
// drifts. Costs are whole hundred-millionths of a dollar (total_cost has 8 decimals), so sums are exact.
export const usageDailyRollup = sqliteTable(
  "usage_daily_rollup",
  {
    twilioAccountId: text("twilio_account_id")
      .notNull()
      .references(() => twilioAccounts.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    model: text("model").notNull(),
    operationType: text("operation_type").notNull(),
    calls: integer("calls").notNull().default(0),
    promptTokens: integer("prompt_tokens").notNull().default(0),
    completionTokens: integer("completion_tokens").notNull().default(0),
    totalTokens: integer("total_tokens").notNull().default(0),
    totalCostE8: integer("total_cost_e8").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.twilioAccountId, t.day, t.model, t.operationType] })],
);

// Each account's conversation list version: a count of the changes to what its conversation lists show,
// kept by triggers on conversations, opt_outs and conversation_label_links
// (migrations/0023_conversation_list_versions.sql), never written by the Worker. A list page this isolate
// holds is read again only when it changed (worker/features/conversations/service.ts).
export const conversationListVersions = sqliteTable("conversation_list_versions", {
  twilioAccountId: text("twilio_account_id")
    .primaryKey()
    .references(() => twilioAccounts.id, { onDelete: "cascade" }),
  version: integer("version").notNull().default(0),
});

// Each conversation's thread version: a count of the changes to what its thread shows, kept by triggers
// on messages and message_media (migrations/0024_conversation_message_versions.sql), never written by the
// Worker. A page of a thread this isolate holds is read again only when it changed
// (worker/features/conversations/service.ts).
export const conversationMessageVersions = sqliteTable("conversation_message_versions", {
  conversationId: text("conversation_id")
    .primaryKey()
    .references(() => conversations.id, { onDelete: "cascade" }),
  version: integer("version").notNull().default(0),
});

// Each account's prompt list version: a count of the changes to its prompts, kept by triggers on prompts
// (migrations/0027_prompt_versions.sql), never written by the Worker. A page of the prompts this isolate
// holds is read again only when it changed (worker/features/prompts/service.ts).
export const promptVersions = sqliteTable("prompt_versions", {
  twilioAccountId: text("twilio_account_id")
    .primaryKey()
    .references(() => twilioAccounts.id, { onDelete: "cascade" }),
  version: integer("version").notNull().default(0),
});

// Each account's usage version: a count of the changes to its usage rows, kept by triggers on openai_usage
// (migrations/0022_usage_versions.sql, 0025), never written by the Worker. The usage report's page and
// sums are read again only when it changed (worker/features/usage/repo.ts).
export const usageVersions = sqliteTable("usage_versions", {
  twilioAccountId: text("twilio_account_id")
    .primaryKey()
    .references(() => twilioAccounts.id, { onDelete: "cascade" }),
  version: integer("version").notNull().default(0),
});

// An optional monthly AI cost cap per account, in US dollars; at the cap the AI stops replying.
export const usageBudgets = sqliteTable("usage_budgets", {
  twilioAccountId: text("twilio_account_id")
    .primaryKey()
    .references(() => twilioAccounts.id, { onDelete: "cascade" }),
  monthlyLimitUsd: real("monthly_limit_usd"),
  updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: updatedAt(),
});

export const calendarEvents = sqliteTable(
  "calendar_events",
  {
    id: id(),
    userId: userRef(),
    twilioAccountId: accountRef(),
    title: text("title").notNull(),
    description: text("description"),
    startDate: timestamp("start_date").notNull(),
    endDate: timestamp("end_date"),
    location: text("location"),
    isAllDay: flag("is_all_day", false),
    notificationEnabled: flag("notification_enabled", false),
    notificationMinutes: integer("notification_minutes").notNull().default(15),
    notificationTemplateId: text("notification_template_id"),
    notificationPhoneNumbers: stringList("notification_phone_numbers"),
    notificationVariables: json<VariableBindings>("notification_variables"),
    notificationSent: flag("notification_sent", false),
    isRecurring: flag("is_recurring", false),
    recurringPattern: json<Record<string, unknown>>("recurring_pattern"),
    recurringUntil: timestamp("recurring_until"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("calendar_events_account_start_idx").on(t.twilioAccountId, t.startDate),
    index("calendar_events_start_idx").on(t.startDate),
    // The cron's search for due reminders.
    index("calendar_events_reminder_idx").on(t.notificationEnabled, t.isRecurring, t.notificationSent, t.startDate),
  ],
);

export const calendarSettings = sqliteTable(
  "calendar_settings",
  {
    id: id(),
    userId: userRef(),
    twilioAccountId: accountRef(),
    notificationEnabled: flag("notification_enabled", false),
    defaultNotificationMinutes: integer("default_notification_minutes").notNull().default(15),
    notificationTemplateId: text("notification_template_id"),
    notificationPhoneNumbers: stringList("notification_phone_numbers"),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("calendar_settings_account_uq").on(t.twilioAccountId)],
);

export const NOTIFICATION_CLAIM_STATUSES = ["sending", "sent", "skipped"] as const;

// One row per reminder of an event occurrence to one number, claimed before the message is queued,
// so overlapping cron runs and redelivered jobs send it once.
export const calendarRemindersSent = sqliteTable(
  "calendar_reminders_sent",
  {
    id: id(),
    eventId: text("event_id")
      .notNull()
      .references(() => calendarEvents.id, { onDelete: "cascade" }),
    occurrenceStart: timestamp("occurrence_start").notNull(),
    phoneNumber: text("phone_number").notNull(),
    status: text("status", { enum: NOTIFICATION_CLAIM_STATUSES }).notNull().default("sending"),
    messageId: text("message_id").references(() => messages.id, { onDelete: "set null" }),
    reason: text("reason"),
    claimedAt: timestamp("claimed_at").notNull(),
  },
  (t) => [uniqueIndex("calendar_reminders_sent_uq").on(t.eventId, t.occurrenceStart, t.phoneNumber)],
);

export const apiTokens = sqliteTable(
  "api_tokens",
  {
    id: id(),
    userId: userRef(),
    twilioAccountId: text("twilio_account_id").references(() => twilioAccounts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    // SHA-256 of the raw token; the raw value is never stored.
    token: text("token").notNull().unique(),
    tokenPrefix: text("token_prefix").notNull().default(""),
    permissions: stringList("permissions"),
    isActive: flag("is_active", true),
    lastUsedAt: timestamp("last_used_at"),
    // The Lead Manager API's per-token rate limit: a fixed one-minute window and its request count.
    rateWindowStart: timestamp("rate_window_start"),
    rateWindowCount: integer("rate_window_count").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("api_tokens_user_idx").on(t.userId), index("api_tokens_account_idx").on(t.twilioAccountId)],
);

export const leadCampaigns = sqliteTable(
  "lead_campaigns",
  {
    id: id(),
    campaignId: text("campaign_id")
      .notNull()
      .unique()
      .$defaultFn(() => crypto.randomUUID()),
    userId: userRef(),
    name: text("name").notNull(),
    twilioAccountId: accountRef(),
    campaignType: text("campaign_type").notNull().default("batch"),
    targetListId: text("target_list_id").references(() => lists.id, { onDelete: "set null" }),
    templateSid: text("template_sid"),
    customMessage: text("custom_message"),
    totalRecipients: integer("total_recipients").notNull().default(0),
    status: text("status").notNull().default("pending"),
    sentCount: integer("sent_count").notNull().default(0),
    deliveredCount: integer("delivered_count").notNull().default(0),
    failedCount: integer("failed_count").notNull().default(0),
    webhookUrl: text("webhook_url"),
    metadata: json<Record<string, unknown>>("metadata"),
    preferredHour: integer("preferred_hour"),
    preferredMinute: integer("preferred_minute").notNull().default(0),
    // A calendar campaign's broadcast instant.
    scheduledAt: timestamp("scheduled_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("lead_campaigns_account_idx").on(t.twilioAccountId),
    index("lead_campaigns_user_idx").on(t.userId),
    index("lead_campaigns_list_idx").on(t.targetListId),
  ],
);

export const campaignJobs = sqliteTable(
  "campaign_jobs",
  {
    id: id(),
    jobId: text("job_id").notNull().unique(),
    campaignId: text("campaign_id")
      .notNull()
      .references(() => leadCampaigns.id, { onDelete: "cascade" }),
    listLeadId: text("list_lead_id").references(() => listLeads.id, { onDelete: "set null" }),
    recipientPhone: text("recipient_phone").notNull(),
    recipientName: text("recipient_name"),
    recipientData: json<Record<string, unknown>>("recipient_data"),
    status: text("status").notNull().default("queued"),
    twilioMessageId: text("twilio_message_id"),
    errorMessage: text("error_message"),
    sentAt: timestamp("sent_at"),
    deliveredAt: timestamp("delivered_at"),
    createdAt: createdAt(),
  },
  (t) => [index("campaign_jobs_campaign_idx").on(t.campaignId), index("campaign_jobs_sid_idx").on(t.twilioMessageId)],
);

export const funnelSteps = sqliteTable(
  "funnel_steps",
  {
    id: id(),
    campaignId: text("campaign_id")
      .notNull()
      .references(() => leadCampaigns.id, { onDelete: "cascade" }),
    stepOrder: integer("step_order").notNull(),
    stepType: text("step_type").notNull().default("message"),
    templateSid: text("template_sid"),
    triggerType: text("trigger_type").notNull().default("immediate"),
    triggerValue: integer("trigger_value"),
    triggerUnit: text("trigger_unit"),
    triggerDate: timestamp("trigger_date"),
    isActive: flag("is_active", true),
    // Where each {{n}} of the template takes its value (src/shared/template-variables.ts).
    variableBindings: json<VariableBindings>("variable_bindings"),
    createdAt: createdAt(),
  },
  (t) => [index("funnel_steps_campaign_idx").on(t.campaignId, t.stepOrder)],
);

export const funnelRuns = sqliteTable(
  "funnel_runs",
  {
    id: id(),
    listLeadId: text("list_lead_id")
      .notNull()
      .references(() => listLeads.id, { onDelete: "cascade" }),
    campaignId: text("campaign_id")
      .notNull()
      .references(() => leadCampaigns.id, { onDelete: "cascade" }),
    state: text("state").notNull().default("active"),
    startedAt: timestamp("started_at")
      .notNull()
      .$defaultFn(() => new Date()),
    lastStepOrder: integer("last_step_order").notNull().default(0),
  },
  (t) => [
    uniqueIndex("funnel_runs_lead_campaign_uq").on(t.listLeadId, t.campaignId),
    // Enrollment looks for a campaign's runs that have no step scheduled yet (lastStepOrder 0).
    index("funnel_runs_campaign_idx").on(t.campaignId, t.lastStepOrder),
  ],
);

export const funnelExecutions = sqliteTable(
  "funnel_executions",
  {
    id: id(),
    campaignId: text("campaign_id")
      .notNull()
      .references(() => leadCampaigns.id, { onDelete: "cascade" }),
    listLeadId: text("list_lead_id")
      .notNull()
      .references(() => listLeads.id, { onDelete: "cascade" }),
    stepId: text("step_id")
      .notNull()
      .references(() => funnelSteps.id, { onDelete: "cascade" }),
    runId: text("run_id")
      .notNull()
      .references(() => funnelRuns.id, { onDelete: "cascade" }),
    stepOrder: integer("step_order").notNull(),
    prevExecutionId: text("prev_execution_id"),
    status: text("status").notNull().default("pending"),
    claimedAt: timestamp("claimed_at"),
    claimedBy: text("claimed_by"),
    scheduledAt: timestamp("scheduled_at").notNull(),
    executedAt: timestamp("executed_at"),
    sentAt: timestamp("sent_at"),
    twilioMessageId: text("twilio_message_id"),
    errorMessage: text("error_message"),
    // A message step's chat message has the execution's id. Which campaign counters that message has
    // added to (1 sent, 2 delivered, 4 failed), so each goes up once whatever order and however often
    // its statuses arrive.
    counted: integer("counted").notNull().default(0),
  },
  (t) => [
    uniqueIndex("funnel_executions_campaign_lead_step_uq").on(t.campaignId, t.listLeadId, t.stepOrder),
    uniqueIndex("funnel_executions_run_lead_step_uq").on(t.runId, t.listLeadId, t.stepId),
    index("funnel_executions_due_idx").on(t.status, t.scheduledAt),
    index("funnel_executions_campaign_status_idx").on(t.campaignId, t.status),
  ],
);

export const leadNotificationSettings = sqliteTable(
  "lead_notification_settings",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    twilioAccountId: text("twilio_account_id").references(() => twilioAccounts.id, { onDelete: "cascade" }),
    notificationEnabled: flag("notification_enabled", false),
    notificationTemplateId: text("notification_template_id"),
    notificationPhoneNumbers: stringList("notification_phone_numbers"),
    updatedAt: updatedAt(),
  },
  (t) => [index("lead_notification_settings_account_idx").on(t.twilioAccountId)],
);

// Lead Detection AI's state per conversation: the last customer message analysed (claimed first, so
// one analysis runs per message), the verdict, and when the lead was qualified and notified.
export const leadDetections = sqliteTable("lead_detections", {
  conversationId: text("conversation_id")
    .primaryKey()
    .references(() => conversations.id, { onDelete: "cascade" }),
  twilioAccountId: accountRef(),
  claimedMessageId: text("claimed_message_id"),
  claimedAt: timestamp("claimed_at"),
  analysedMessageId: text("analysed_message_id"),
  // The time of the last customer message analysed, compared with conversations.last_inbound_at.
  analysedThrough: timestamp("analysed_through"),
  qualified: flag("qualified", false),
  interest: text("interest"),
  urgency: text("urgency"),
  summary: text("summary"),
  qualifiedAt: timestamp("qualified_at"),
  notifiedAt: timestamp("notified_at"),
  updatedAt: updatedAt(),
});

// One row per qualified lead and notified number: the notification goes out once per lead.
export const leadNotificationsSent = sqliteTable(
  "lead_notifications_sent",
  {
    id: id(),
    conversationId: text("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    phoneNumber: text("phone_number").notNull(),
    status: text("status", { enum: NOTIFICATION_CLAIM_STATUSES }).notNull().default("sending"),
    messageId: text("message_id").references(() => messages.id, { onDelete: "set null" }),
    reason: text("reason"),
    claimedAt: timestamp("claimed_at").notNull(),
  },
  (t) => [uniqueIndex("lead_notifications_sent_uq").on(t.conversationId, t.phoneNumber)],
);

export const operatorQuestions = sqliteTable(
  "operator_questions",
  {
    id: id(),
    conversationId: text("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    phoneNumber: text("phone_number").notNull(),
    userId: userRef(),
    questionAsked: text("question_asked").notNull(),
    expiresAt: timestamp("expires_at").notNull(),
    activated: flag("activated", false),
    createdAt: createdAt(),
  },
  (t) => [
    index("operator_questions_conversation_idx").on(t.conversationId),
    index("operator_questions_expires_idx").on(t.activated, t.expiresAt),
  ],
);

// The weather skill: the cities each account follows, with the last reading the cron synced.
export const weatherReports = sqliteTable(
  "weather_reports",
  {
    id: id(),
    twilioAccountId: accountRef(),
    city: text("city").notNull(),
    latitude: real("latitude").notNull(),
    longitude: real("longitude").notNull(),
    temperatureC: real("temperature_c"),
    weatherCode: integer("weather_code"),
    windKmh: real("wind_kmh"),
    fetchedAt: timestamp("fetched_at"),
    error: text("error"),
  },
  (t) => [uniqueIndex("weather_reports_account_city_uq").on(t.twilioAccountId, t.city)],
);

// Who changed what in user administration (roles, account assignments, new users, deletions), and when.
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: id(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id"),
    details: json<Record<string, unknown>>("details"),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_time_idx").on(t.createdAt)],
);

// The account's opening hours for the agent's bookings. openingHours[d] are the Rome "HH:mm" ranges of
// weekday d (0 = Sunday … 6 = Saturday, as getDay()).
export const bookingSettings = sqliteTable("booking_settings", {
  twilioAccountId: text("twilio_account_id")
    .primaryKey()
    .references(() => twilioAccounts.id, { onDelete: "cascade" }),
  userId: userRef(),
  openingHours: text("opening_hours", { mode: "json" })
    .$type<{ start: string; end: string }[][]>()
    .notNull()
    .default(sql`'[[],[],[],[],[],[],[]]'`),
  slotMinutes: integer("slot_minutes").notNull().default(30),
  minNoticeMinutes: integer("min_notice_minutes").notNull().default(120),
  daysAhead: integer("days_ahead").notNull().default(30),
  reminderTemplateSid: text("reminder_template_sid"),
  reminderMinutes: integer("reminder_minutes").notNull().default(1440),
  updatedAt: updatedAt(),
});

// Every tool call the agent made, with its arguments, our answer to the model and the chat's event line.
export const agentToolCalls = sqliteTable(
  "agent_tool_calls",
  {
    id: id(),
    conversationId: text("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    twilioAccountId: accountRef(),
    replyToId: text("reply_to_id"),
    round: integer("round").notNull(),
    callId: text("call_id").notNull(),
    tool: text("tool").notNull(),
    arguments: json<unknown>("arguments"),
    status: text("status", { enum: ["ok", "refused"] }).notNull(),
    result: json<Record<string, unknown>>("result"),
    eventText: text("event_text"),
    calendarEventId: text("calendar_event_id").references(() => calendarEvents.id, { onDelete: "set null" }),
    usageId: text("usage_id").references(() => openaiUsage.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("agent_tool_calls_conversation_time_idx").on(t.conversationId, t.createdAt), index("agent_tool_calls_event_idx").on(t.calendarEventId)],
);

export const MEDIA_STATUSES = ["pending", "stored", "failed"] as const;

// One attachment of a message: inbound ones are fetched from Twilio's MediaUrl into R2 by a queue job;
// outbound ones are uploaded by an operator. A failed one keeps its reason, never dropped.
export const messageMedia = sqliteTable(
  "message_media",
  {
    id: id(),
    messageId: text("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    conversationId: text("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    twilioAccountId: accountRef(),
    position: integer("position").notNull().default(0),
    sourceUrl: text("source_url"),
    contentType: text("content_type").notNull(),
    size: integer("size"),
    fileName: text("file_name"),
    r2Key: text("r2_key"),
    status: text("status", { enum: MEDIA_STATUSES }).notNull().default("pending"),
    failureReason: text("failure_reason"),
    transcript: text("transcript"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("message_media_message_position_uq").on(t.messageId, t.position),
    index("message_media_conversation_idx").on(t.conversationId, t.createdAt),
  ],
);

// Voice AI and Vision AI per provider account; no row means both on.
export const accountMediaSettings = sqliteTable("account_media_settings", {
  twilioAccountId: text("twilio_account_id")
    .primaryKey()
    .references(() => twilioAccounts.id, { onDelete: "cascade" }),
  voiceAi: flag("voice_ai", true),
  visionAi: flag("vision_ai", true),
  transcriptionModel: text("transcription_model").notNull().default("whisper-1"),
  updatedAt: updatedAt(),
});

// The account's media library: files the agent sends with invia_documento (issue 16). The bytes are in
// R2 under library/<accountId>/<id>; a sent copy's message_media row points at the same key.
export const mediaLibrary = sqliteTable(
  "media_library",
  {
    id: id(),
    twilioAccountId: accountRef(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    r2Key: text("r2_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("media_library_account_title_uq").on(t.twilioAccountId, t.title)],
);
