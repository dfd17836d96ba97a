-- The account's media library (issue 16, "Invia documento"): brochures, price lists and images the
-- agent sends to a customer. One title per account, so the model names a file without ambiguity.
CREATE TABLE `media_library` (
	`id` text PRIMARY KEY NOT NULL,
	`twilio_account_id` text NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`file_name` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`r2_key` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`twilio_account_id`) REFERENCES `twilio_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `media_library_account_title_uq` ON `media_library` (`twilio_account_id`,`title`);
