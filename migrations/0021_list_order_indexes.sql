-- The conversation list orders by (last activity, id), newest first. Its indexes ended at the activity,
-- so SQLite sorted every page in a temporary B-tree and computed the opt-out and label subqueries of the
-- rows it sorted; ending them in the id lets a page be read in index order and stop at its limit.
DROP INDEX `conversations_account_last_idx`;
--> statement-breakpoint
CREATE INDEX `conversations_account_last_idx` ON `conversations` (`twilio_account_id`,`last_message_at`,`id`);
--> statement-breakpoint
DROP INDEX `conversations_account_assignee_idx`;
--> statement-breakpoint
CREATE INDEX `conversations_account_assignee_idx` ON `conversations` (`twilio_account_id`,`assigned_user_id`,`last_message_at`,`id`);
