CREATE TABLE `memory_passages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`memory_id` text NOT NULL,
	`ordinal` integer NOT NULL,
	`text` text NOT NULL,
	FOREIGN KEY (`memory_id`) REFERENCES `memories`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `memory_passages_memory_idx` ON `memory_passages` (`memory_id`,`ordinal`);--> statement-breakpoint
CREATE TABLE `usage_budgets` (
	`twilio_account_id` text PRIMARY KEY NOT NULL,
	`monthly_limit_usd` real,
	`updated_by` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`twilio_account_id`) REFERENCES `twilio_accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
ALTER TABLE `memories` ADD `indexed_at` integer;--> statement-breakpoint
ALTER TABLE `memories` ADD `passage_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `memories` ADD `passage_chars` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `memories` ADD `last_sync_at` integer;--> statement-breakpoint
ALTER TABLE `memories` ADD `sync_error` text;--> statement-breakpoint
-- Hand-written: drizzle-kit does not model virtual tables. Full-text index over memory passages
-- (external content, so the text is stored once), kept in step with memory_passages by triggers.
CREATE VIRTUAL TABLE `memory_passages_fts` USING fts5(
	`text`,
	content='memory_passages',
	content_rowid='id',
	tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `memory_passages_fts_insert` AFTER INSERT ON `memory_passages` BEGIN
	INSERT INTO `memory_passages_fts` (rowid, `text`) VALUES (new.`id`, new.`text`);
END;
--> statement-breakpoint
CREATE TRIGGER `memory_passages_fts_delete` AFTER DELETE ON `memory_passages` BEGIN
	INSERT INTO `memory_passages_fts` (`memory_passages_fts`, rowid, `text`) VALUES ('delete', old.`id`, old.`text`);
END;
--> statement-breakpoint
CREATE TRIGGER `memory_passages_fts_update` AFTER UPDATE ON `memory_passages` BEGIN
	INSERT INTO `memory_passages_fts` (`memory_passages_fts`, rowid, `text`) VALUES ('delete', old.`id`, old.`text`);
	INSERT INTO `memory_passages_fts` (rowid, `text`) VALUES (new.`id`, new.`text`);
END;
