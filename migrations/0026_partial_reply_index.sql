-- An AI reply is stored once per customer message it answers: (conversation, reply-to) is unique. Only
-- AI replies (and their parts) have a reply-to; every other message held a NULL entry in the index, which
-- each inbound message paid for in its insert and which no lookup reads. A unique index already lets
-- NULLs repeat, so keeping only the non-NULL entries enforces the same rule, and the lookups by
-- (conversation, reply-to) still use it (their equality implies IS NOT NULL).
DROP INDEX `messages_reply_uq`;
--> statement-breakpoint
CREATE UNIQUE INDEX `messages_reply_uq` ON `messages` (`conversation_id`,`reply_to_id`) WHERE `reply_to_id` IS NOT NULL;
