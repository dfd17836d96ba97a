CREATE TABLE `calendar_reminders_sent` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` text NOT NULL,
	`occurrence_start` integer NOT NULL,
	`phone_number` text NOT NULL,
	`status` text DEFAULT 'sending' NOT NULL,
	`message_id` text,
	`reason` text,
	`claimed_at` integer NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `calendar_events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`message_id`) REFERENCES `messages`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `calendar_reminders_sent_uq` ON `calendar_reminders_sent` (`event_id`,`occurrence_start`,`phone_number`);--> statement-breakpoint
CREATE TABLE `lead_detections` (
	`conversation_id` text PRIMARY KEY NOT NULL,
	`twilio_account_id` text NOT NULL,
	`claimed_message_id` text,
	`claimed_at` integer,
	`analysed_message_id` text,
	`analysed_through` integer,
	`qualified` integer DEFAULT false NOT NULL,
	`interest` text,
	`urgency` text,
	`summary` text,
	`qualified_at` integer,
	`notified_at` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`twilio_account_id`) REFERENCES `twilio_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `lead_notifications_sent` (
	`id` text PRIMARY KEY NOT NULL,
	`conversation_id` text NOT NULL,
	`phone_number` text NOT NULL,
	`status` text DEFAULT 'sending' NOT NULL,
	`message_id` text,
	`reason` text,
	`claimed_at` integer NOT NULL,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`message_id`) REFERENCES `messages`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lead_notifications_sent_uq` ON `lead_notifications_sent` (`conversation_id`,`phone_number`);--> statement-breakpoint
CREATE INDEX `calendar_events_reminder_idx` ON `calendar_events` (`notification_enabled`,`is_recurring`,`notification_sent`,`start_date`);--> statement-breakpoint
CREATE INDEX `lead_notification_settings_account_idx` ON `lead_notification_settings` (`twilio_account_id`);