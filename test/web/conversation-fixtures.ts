// The conversation builders under the short names the conversation tests use (see fixtures.ts).
export { buildConversation as conversation, buildConversationDetail as detail, buildMessage as message } from "./fixtures";
