DROP INDEX `leads_account_idx`;--> statement-breakpoint
CREATE INDEX `leads_account_status_conversation_idx` ON `leads` (`twilio_account_id`,`status`,`conversation_id`);--> statement-breakpoint
DROP INDEX `openai_usage_account_time_idx`;--> statement-breakpoint
CREATE INDEX `openai_usage_account_report_idx` ON `openai_usage` (`twilio_account_id`,`created_at`,`model`,`operation_type`,`total_cost`,`total_tokens`);--> statement-breakpoint
DROP INDEX `prompts_account_idx`;--> statement-breakpoint
CREATE INDEX `prompts_account_created_idx` ON `prompts` (`twilio_account_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `conversations_account_stats_idx` ON `conversations` (`twilio_account_id`,`template_sid`,`status`,`template_name`,`template_category`,`id`);