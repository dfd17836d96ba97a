-- Media on messages (issue 21): photos, voice notes, videos and documents, inbound (fetched from Twilio
-- into R2 by a queue job) and outbound (uploaded by an operator, served to Twilio by a signed URL).
CREATE TABLE `message_media` (
	`id` text PRIMARY KEY NOT NULL,
	`message_id` text NOT NULL,
	`conversation_id` text NOT NULL,
	`twilio_account_id` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`source_url` text,
	`content_type` text NOT NULL,
	`size` integer,
	`file_name` text,
	`r2_key` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`failure_reason` text,
	`transcript` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`message_id`) REFERENCES `messages`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`twilio_account_id`) REFERENCES `twilio_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `message_media_message_position_uq` ON `message_media` (`message_id`,`position`);
--> statement-breakpoint
CREATE INDEX `message_media_conversation_idx` ON `message_media` (`conversation_id`,`created_at`);
--> statement-breakpoint
-- A shared location ({ latitude, longitude, address, label }) and a tapped button ({ payload, text }).
ALTER TABLE `messages` ADD `location` text;
--> statement-breakpoint
ALTER TABLE `messages` ADD `button` text;
--> statement-breakpoint
-- Voice AI and Vision AI per provider account; an account without a row has both on (the default).
CREATE TABLE `account_media_settings` (
	`twilio_account_id` text PRIMARY KEY NOT NULL,
	`voice_ai` integer DEFAULT true NOT NULL,
	`vision_ai` integer DEFAULT true NOT NULL,
	`transcription_model` text DEFAULT 'whisper-1' NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`twilio_account_id`) REFERENCES `twilio_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
