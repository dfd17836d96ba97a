-- Team inbox: archive, assignment and internal notes on conversations.
-- An archived conversation leaves the default list until the customer writes again.
ALTER TABLE `conversations` ADD `archived_at` integer;--> statement-breakpoint
-- The account user who handles the conversation; NULL is "Non assegnata".
ALTER TABLE `conversations` ADD `assigned_user_id` text REFERENCES `users`(`id`) ON DELETE set null;--> statement-breakpoint
CREATE INDEX `conversations_account_assignee_idx` ON `conversations` (`twilio_account_id`,`assigned_user_id`,`last_message_at`);--> statement-breakpoint
-- Notes the team writes in a thread: never sent to the customer, never part of the model's context.
CREATE TABLE `conversation_notes` (
	`id` text PRIMARY KEY NOT NULL,
	`conversation_id` text NOT NULL,
	`author_id` text,
	`author_name` text NOT NULL,
	`content` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);--> statement-breakpoint
CREATE INDEX `conversation_notes_conversation_time_idx` ON `conversation_notes` (`conversation_id`,`created_at`);
--> statement-breakpoint
-- Labels of an account (name and colour), set on its conversations.
CREATE TABLE `conversation_labels` (
	`id` text PRIMARY KEY NOT NULL,
	`twilio_account_id` text NOT NULL,
	`name` text NOT NULL,
	`color` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`twilio_account_id`) REFERENCES `twilio_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
CREATE UNIQUE INDEX `conversation_labels_account_name_uq` ON `conversation_labels` (`twilio_account_id`,`name`);--> statement-breakpoint
CREATE TABLE `conversation_label_links` (
	`conversation_id` text NOT NULL,
	`label_id` text NOT NULL,
	PRIMARY KEY(`conversation_id`, `label_id`),
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`label_id`) REFERENCES `conversation_labels`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
CREATE INDEX `conversation_label_links_label_idx` ON `conversation_label_links` (`label_id`,`conversation_id`);
--> statement-breakpoint
-- Saved replies of an account: typed with "/" in the composer, {{nome}} filled from the contact.
CREATE TABLE `saved_replies` (
	`id` text PRIMARY KEY NOT NULL,
	`twilio_account_id` text NOT NULL,
	`shortcut` text NOT NULL,
	`content` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`twilio_account_id`) REFERENCES `twilio_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
CREATE UNIQUE INDEX `saved_replies_account_shortcut_uq` ON `saved_replies` (`twilio_account_id`,`shortcut`);
--> statement-breakpoint
-- Full-text search over message text (FTS5, accents folded), kept in step with messages by triggers;
-- the list's search finds a conversation by any of its messages, not only the last one.
CREATE VIRTUAL TABLE `messages_fts` USING fts5(`content`, content='messages', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2');--> statement-breakpoint
INSERT INTO `messages_fts`(`messages_fts`) VALUES ('rebuild');--> statement-breakpoint
CREATE TRIGGER `messages_fts_insert` AFTER INSERT ON `messages` BEGIN
	INSERT INTO `messages_fts`(`rowid`, `content`) VALUES (new.rowid, new.content);
END;--> statement-breakpoint
CREATE TRIGGER `messages_fts_delete` AFTER DELETE ON `messages` BEGIN
	INSERT INTO `messages_fts`(`messages_fts`, `rowid`, `content`) VALUES ('delete', old.rowid, old.content);
END;--> statement-breakpoint
CREATE TRIGGER `messages_fts_update` AFTER UPDATE OF `content` ON `messages` BEGIN
	INSERT INTO `messages_fts`(`messages_fts`, `rowid`, `content`) VALUES ('delete', old.rowid, old.content);
	INSERT INTO `messages_fts`(`rowid`, `content`) VALUES (new.rowid, new.content);
END;
