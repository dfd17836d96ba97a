CREATE TABLE `opt_outs` (
	`id` text PRIMARY KEY NOT NULL,
	`twilio_account_id` text NOT NULL,
	`phone_number` text NOT NULL,
	`keyword` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`twilio_account_id`) REFERENCES `twilio_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `opt_outs_account_phone_uq` ON `opt_outs` (`twilio_account_id`,`phone_number`);--> statement-breakpoint
ALTER TABLE `conversations` ADD `template_sid` text;--> statement-breakpoint
ALTER TABLE `conversations` ADD `template_name` text;--> statement-breakpoint
ALTER TABLE `conversations` ADD `template_category` text;--> statement-breakpoint
ALTER TABLE `conversations` ADD `customer_company` text;--> statement-breakpoint
ALTER TABLE `conversations` ADD `last_inbound_at` integer;--> statement-breakpoint
ALTER TABLE `conversations` ADD `ai_status` text DEFAULT 'idle' NOT NULL;--> statement-breakpoint
ALTER TABLE `conversations` ADD `ai_error` text;--> statement-breakpoint
ALTER TABLE `messages` ADD `error_message` text;--> statement-breakpoint
ALTER TABLE `messages` ADD `sender` text DEFAULT 'customer' NOT NULL;--> statement-breakpoint
ALTER TABLE `messages` ADD `reply_to_id` text;--> statement-breakpoint
ALTER TABLE `messages` ADD `template_sid` text;--> statement-breakpoint
ALTER TABLE `messages` ADD `template_variables` text;--> statement-breakpoint
ALTER TABLE `messages` ADD `sources` text;--> statement-breakpoint
ALTER TABLE `messages` ADD `send_attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `messages_reply_uq` ON `messages` (`conversation_id`,`reply_to_id`);