-- The agent's tools (issue 16): which tools each prompt may use, the account's opening hours for
-- bookings, every tool call the agent made, and which lead fields the agent itself wrote.
ALTER TABLE `prompts` ADD `agent_tools` text DEFAULT '[]' NOT NULL;
--> statement-breakpoint
ALTER TABLE `prompts` ADD `tools_unsupported_at` integer;
--> statement-breakpoint
ALTER TABLE `leads` ADD `agent_fields` text;
--> statement-breakpoint
CREATE TABLE `booking_settings` (
	`twilio_account_id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`opening_hours` text DEFAULT '[[],[],[],[],[],[],[]]' NOT NULL,
	`slot_minutes` integer DEFAULT 30 NOT NULL,
	`min_notice_minutes` integer DEFAULT 120 NOT NULL,
	`days_ahead` integer DEFAULT 30 NOT NULL,
	`reminder_template_sid` text,
	`reminder_minutes` integer DEFAULT 1440 NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`twilio_account_id`) REFERENCES `twilio_accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `agent_tool_calls` (
	`id` text PRIMARY KEY NOT NULL,
	`conversation_id` text NOT NULL,
	`twilio_account_id` text NOT NULL,
	`reply_to_id` text,
	`round` integer NOT NULL,
	`call_id` text NOT NULL,
	`tool` text NOT NULL,
	`arguments` text,
	`status` text NOT NULL,
	`result` text,
	`event_text` text,
	`calendar_event_id` text,
	`usage_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`twilio_account_id`) REFERENCES `twilio_accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`calendar_event_id`) REFERENCES `calendar_events`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`usage_id`) REFERENCES `openai_usage`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `agent_tool_calls_conversation_time_idx` ON `agent_tool_calls` (`conversation_id`,`created_at`);
--> statement-breakpoint
CREATE INDEX `agent_tool_calls_event_idx` ON `agent_tool_calls` (`calendar_event_id`);
