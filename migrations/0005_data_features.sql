CREATE TABLE `list_import_chunks` (
	`import_id` text NOT NULL,
	`chunk` integer NOT NULL,
	`next_cursor` text,
	`invalid_rows` text DEFAULT '[]' NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`import_id`, `chunk`),
	FOREIGN KEY (`import_id`) REFERENCES `list_imports`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `list_imports` (
	`id` text PRIMARY KEY NOT NULL,
	`list_id` text NOT NULL,
	`twilio_account_id` text NOT NULL,
	`user_id` text,
	`source` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`mapping` text NOT NULL,
	`file_key` text,
	`total` integer,
	`chunks_total` integer,
	`chunks_done` integer DEFAULT 0 NOT NULL,
	`processed` integer DEFAULT 0 NOT NULL,
	`created` integer DEFAULT 0 NOT NULL,
	`updated` integer DEFAULT 0 NOT NULL,
	`unchanged` integer DEFAULT 0 NOT NULL,
	`invalid` integer DEFAULT 0 NOT NULL,
	`error` text,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`list_id`) REFERENCES `lists`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`twilio_account_id`) REFERENCES `twilio_accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `list_imports_list_idx` ON `list_imports` (`list_id`,`started_at`);--> statement-breakpoint
ALTER TABLE `api_tokens` ADD `rate_window_start` integer;--> statement-breakpoint
ALTER TABLE `api_tokens` ADD `rate_window_count` integer DEFAULT 0 NOT NULL;