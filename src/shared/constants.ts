export const USER_ROLES = ["super_admin", "client"] as const;
export type UserRole = (typeof USER_ROLES)[number];
// A message's delivery status (forward only: queued → sent → delivered → read, or failed/undelivered) and who wrote it.
export const MESSAGE_STATUSES = ["received", "queued", "sending", "sent", "delivered", "read", "failed", "undelivered"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
export const MESSAGE_SENDERS = ["customer", "ai", "operator", "system"] as const;
export type MessageSender = (typeof MESSAGE_SENDERS)[number];

export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_MIME_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"] as const;
export const PASSWORD_MIN_LENGTH = 8;
export const ACCOUNT_SID_DISPLAY_LENGTH = 10;
export const USER_ID_DISPLAY_LENGTH = 8;

// E.164: a plus, a digit 1-9, then 1 to 14 digits.
export const E164_PATTERN = /^\+[1-9]\d{1,14}$/;
export const ACCOUNT_SID_PATTERN = /^AC[0-9a-fA-F]{32}$/;

export const SESSION_IDLE_TIMEOUT_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_COOKIE = "agentbot_session";

export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_LOCK_MS = 15 * 60 * 1000;
// Unknown Lead Manager bearer tokens tried from one IP before it must wait (same window and lock).
export const BEARER_MAX_FAILURES = 10;

// A chat's messages, a page at a time: the newest page when it opens (and in the conversation's detail),
// older pages as the operator scrolls up. Fifty fill a desktop thread several times over; a chat used to
// open with 200, read twice (detail and thread) and polled without the live socket, for screens that
// show about twenty.
export const MESSAGE_PAGE_SIZE = 50;
// The most one request may ask for (?limit=).
export const MESSAGE_PAGE_MAX = 500;

export const POLL_MS = {
  unreadCount: 30_000,
  activeConversations: 30_000,
  conversations: 15_000,
  messages: 10_000,
  conversation: 5_000,
  usage: 30_000,
  activeAccount: 5_000,
  time: 30_000,
  campaigns: 30_000,
} as const;

export const QUERY_STALE_MS = 5 * 60 * 1000;
export const TOAST_DURATION_MS = 5_000;

export const COST_BADGE_RED_ABOVE = 5;
export const COST_BADGE_WARNING_ABOVE = 10;

export const PERSONAL_ASSISTANT_SEQUENCE = [0, 1, 2, 3] as const;
export const PERSONAL_ASSISTANT_IDLE_RESET_MS = 3_000;
export const PERSONAL_ASSISTANT_EXIT_MS = 1_000;
export const PERSONAL_ASSISTANT_TRANSFORM_MS = 2_000;

export const THEME_STORAGE_KEY = "theme";
export const PERSONAL_ASSISTANT_STORAGE_KEY = "personalAssistantMode";

// The longest period the analytics screens and API accept.
export const MAX_RANGE_DAYS = 92;
export const SENTIMENT_CATEGORIES = ["product", "service", "price", "experience", "other"] as const;
export type SentimentCategory = (typeof SENTIMENT_CATEGORIES)[number];

export const TEMPLATE_CATEGORIES = ["loans", "stationery", "agency", "ecommerce", "services"] as const;
export const CATEGORY_LABELS: Record<string, string> = {
  loans: "Prestiti",
  stationery: "Cartoleria",
  agency: "Agenzia",
  ecommerce: "E-commerce",
  services: "Servizi",
};

// An internal note in a conversation: at most this many characters.
export const NOTE_MAX = 2000;
