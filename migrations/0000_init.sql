CREATE TABLE `account_users` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`twilio_account_id` text NOT NULL,
	`is_owner` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`twilio_account_id`) REFERENCES `twilio_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `account_users_user_account_uq` ON `account_users` (`user_id`,`twilio_account_id`);--> statement-breakpoint
CREATE INDEX `account_users_account_idx` ON `account_users` (`twilio_account_id`);--> statement-breakpoint
CREATE TABLE `analytics` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`twilio_account_id` text NOT NULL,
	`template_id` text,
	`conversation_id` text,
	`event_type` text NOT NULL,
	`metadata` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`twilio_account_id`) REFERENCES `twilio_accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`template_id`) REFERENCES `templates`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `analytics_account_time_idx` ON `analytics` (`twilio_account_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `analytics_template_idx` ON `analytics` (`template_id`);--> statement-breakpoint
CREATE INDEX `analytics_conversation_idx` ON `analytics` (`conversation_id`);--> statement-breakpoint
CREATE TABLE `api_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`twilio_account_id` text,
	`name` text NOT NULL,
	`token` text NOT NULL,
	`token_prefix` text DEFAULT '' NOT NULL,
	`permissions` text DEFAULT '[]' NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`last_used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`twilio_account_id`) REFERENCES `twilio_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_tokens_token_unique` ON `api_tokens` (`token`);--> statement-breakpoint
CREATE INDEX `api_tokens_user_idx` ON `api_tokens` (`user_id`);--> statement-breakpoint
CREATE INDEX `api_tokens_account_idx` ON `api_tokens` (`twilio_account_id`);--> statement-breakpoint
CREATE TABLE `calendar_events` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`twilio_account_id` text NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`start_date` integer NOT NULL,
	`end_date` integer,
	`location` text,
	`is_all_day` integer DEFAULT false NOT NULL,
	`notification_enabled` integer DEFAULT false NOT NULL,
	`notification_minutes` integer DEFAULT 15 NOT NULL,
	`notification_template_id` text,
	`notification_phone_numbers` text DEFAULT '[]' NOT NULL,
	`notification_sent` integer DEFAULT false NOT NULL,
	`is_recurring` integer DEFAULT false NOT NULL,
	`recurring_pattern` text,
	`recurring_until` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`twilio_account_id`) REFERENCES `twilio_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `calendar_events_account_start_idx` ON `calendar_events` (`twilio_account_id`,`start_date`);--> statement-breakpoint
CREATE INDEX `calendar_events_start_idx` ON `calendar_events` (`start_date`);--> statement-breakpoint
CREATE TABLE `calendar_settings` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`twilio_account_id` text NOT NULL,
	`notification_enabled` integer DEFAULT false NOT NULL,
	`default_notification_minutes` integer DEFAULT 15 NOT NULL,
	`notification_template_id` text,
	`notification_phone_numbers` text DEFAULT '[]' NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`twilio_account_id`) REFERENCES `twilio_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `calendar_settings_account_uq` ON `calendar_settings` (`twilio_account_id`);--> statement-breakpoint
CREATE TABLE `campaign_jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`job_id` text NOT NULL,
	`campaign_id` text NOT NULL,
	`list_lead_id` text,
	`recipient_phone` text NOT NULL,
	`recipient_name` text,
	`recipient_data` text,
	`status` text DEFAULT 'queued' NOT NULL,
	`twilio_message_id` text,
	`error_message` text,
	`sent_at` integer,
	`delivered_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`campaign_id`) REFERENCES `lead_campaigns`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`list_lead_id`) REFERENCES `list_leads`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `campaign_jobs_job_id_unique` ON `campaign_jobs` (`job_id`);--> statement-breakpoint
CREATE INDEX `campaign_jobs_campaign_idx` ON `campaign_jobs` (`campaign_id`);--> statement-breakpoint
CREATE INDEX `campaign_jobs_sid_idx` ON `campaign_jobs` (`twilio_message_id`);--> statement-breakpoint
CREATE TABLE `conversation_summaries` (
	`conversation_id` text PRIMARY KEY NOT NULL,
	`summary` text NOT NULL,
	`message_count` integer DEFAULT 0 NOT NULL,
	`last_message_id` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `conversations` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`twilio_account_id` text NOT NULL,
	`phone_number` text NOT NULL,
	`customer_name` text,
	`template_id` text,
	`prompt_id` text,
	`status` text DEFAULT 'active' NOT NULL,
	`operator_mode` integer DEFAULT false NOT NULL,
	`last_message` text,
	`last_message_at` integer,
	`last_read_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`twilio_account_id`) REFERENCES `twilio_accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`template_id`) REFERENCES `templates`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`prompt_id`) REFERENCES `prompts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `conversations_account_phone_uq` ON `conversations` (`twilio_account_id`,`phone_number`);--> statement-breakpoint
CREATE INDEX `conversations_account_last_idx` ON `conversations` (`twilio_account_id`,`last_message_at`);--> statement-breakpoint
CREATE INDEX `conversations_user_idx` ON `conversations` (`user_id`);--> statement-breakpoint
CREATE TABLE `feedback_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`memory_id` text NOT NULL,
	`phone_number` text NOT NULL,
	`positive_items` text DEFAULT '[]' NOT NULL,
	`negative_items` text DEFAULT '[]' NOT NULL,
	`last_updated` integer NOT NULL,
	FOREIGN KEY (`memory_id`) REFERENCES `memories`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `feedback_entries_memory_phone_uq` ON `feedback_entries` (`memory_id`,`phone_number`);--> statement-breakpoint
CREATE TABLE `funnel_executions` (
	`id` text PRIMARY KEY NOT NULL,
	`campaign_id` text NOT NULL,
	`list_lead_id` text NOT NULL,
	`step_id` text NOT NULL,
	`run_id` text NOT NULL,
	`step_order` integer NOT NULL,
	`prev_execution_id` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`claimed_at` integer,
	`claimed_by` text,
	`scheduled_at` integer NOT NULL,
	`executed_at` integer,
	`sent_at` integer,
	`twilio_message_id` text,
	`error_message` text,
	FOREIGN KEY (`campaign_id`) REFERENCES `lead_campaigns`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`list_lead_id`) REFERENCES `list_leads`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`step_id`) REFERENCES `funnel_steps`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`run_id`) REFERENCES `funnel_runs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `funnel_executions_campaign_lead_step_uq` ON `funnel_executions` (`campaign_id`,`list_lead_id`,`step_order`);--> statement-breakpoint
CREATE UNIQUE INDEX `funnel_executions_run_lead_step_uq` ON `funnel_executions` (`run_id`,`list_lead_id`,`step_id`);--> statement-breakpoint
CREATE INDEX `funnel_executions_due_idx` ON `funnel_executions` (`status`,`scheduled_at`);--> statement-breakpoint
CREATE TABLE `funnel_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`list_lead_id` text NOT NULL,
	`campaign_id` text NOT NULL,
	`state` text DEFAULT 'active' NOT NULL,
	`started_at` integer NOT NULL,
	`last_step_order` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`list_lead_id`) REFERENCES `list_leads`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`campaign_id`) REFERENCES `lead_campaigns`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `funnel_runs_lead_campaign_uq` ON `funnel_runs` (`list_lead_id`,`campaign_id`);--> statement-breakpoint
CREATE INDEX `funnel_runs_campaign_idx` ON `funnel_runs` (`campaign_id`);--> statement-breakpoint
CREATE TABLE `funnel_steps` (
	`id` text PRIMARY KEY NOT NULL,
	`campaign_id` text NOT NULL,
	`step_order` integer NOT NULL,
	`step_type` text DEFAULT 'message' NOT NULL,
	`template_sid` text,
	`trigger_type` text DEFAULT 'immediate' NOT NULL,
	`trigger_value` integer,
	`trigger_unit` text,
	`trigger_date` integer,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`campaign_id`) REFERENCES `lead_campaigns`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `funnel_steps_campaign_idx` ON `funnel_steps` (`campaign_id`,`step_order`);--> statement-breakpoint
CREATE TABLE `internal_events` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`twilio_account_id` text NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`event_type` text DEFAULT 'reminder' NOT NULL,
	`event_date` integer NOT NULL,
	`notify_before` integer DEFAULT 0 NOT NULL,
	`is_recurring` integer DEFAULT false NOT NULL,
	`recurring_type` text,
	`recurring_days` text DEFAULT '[]' NOT NULL,
	`notification_template` text,
	`notification_message` text,
	`is_active` integer DEFAULT true NOT NULL,
	`last_notified` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`twilio_account_id`) REFERENCES `twilio_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `internal_events_account_date_idx` ON `internal_events` (`twilio_account_id`,`event_date`);--> statement-breakpoint
CREATE TABLE `lead_campaigns` (
	`id` text PRIMARY KEY NOT NULL,
	`campaign_id` text NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`twilio_account_id` text NOT NULL,
	`campaign_type` text DEFAULT 'batch' NOT NULL,
	`target_list_id` text,
	`template_sid` text,
	`custom_message` text,
	`total_recipients` integer DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`sent_count` integer DEFAULT 0 NOT NULL,
	`delivered_count` integer DEFAULT 0 NOT NULL,
	`failed_count` integer DEFAULT 0 NOT NULL,
	`webhook_url` text,
	`metadata` text,
	`preferred_hour` integer,
	`preferred_minute` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`twilio_account_id`) REFERENCES `twilio_accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`target_list_id`) REFERENCES `lists`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lead_campaigns_campaign_id_unique` ON `lead_campaigns` (`campaign_id`);--> statement-breakpoint
CREATE INDEX `lead_campaigns_account_idx` ON `lead_campaigns` (`twilio_account_id`);--> statement-breakpoint
CREATE INDEX `lead_campaigns_user_idx` ON `lead_campaigns` (`user_id`);--> statement-breakpoint
CREATE INDEX `lead_campaigns_list_idx` ON `lead_campaigns` (`target_list_id`);--> statement-breakpoint
CREATE TABLE `lead_notification_settings` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`twilio_account_id` text,
	`notification_enabled` integer DEFAULT false NOT NULL,
	`notification_template_id` text,
	`notification_phone_numbers` text DEFAULT '[]' NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`twilio_account_id`) REFERENCES `twilio_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lead_notification_settings_user_id_unique` ON `lead_notification_settings` (`user_id`);--> statement-breakpoint
CREATE TABLE `lead_sources` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`twilio_account_id` text NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`template_id` text,
	`auto_response` integer DEFAULT true NOT NULL,
	`auto_sync` integer DEFAULT false NOT NULL,
	`sync_interval` integer DEFAULT 30 NOT NULL,
	`last_sync_at` integer,
	`next_sync_at` integer,
	`calendar_type` text,
	`calendar_hour` integer DEFAULT 9 NOT NULL,
	`calendar_minute` integer DEFAULT 0 NOT NULL,
	`timezone` text DEFAULT 'Europe/Rome' NOT NULL,
	`talking_schedules` text,
	`talking_schedules_sent` text,
	`start_date` integer,
	`end_date` integer,
	`selected_days` text,
	`specific_date` integer,
	`last_campaign_at` integer,
	`next_campaign_at` integer,
	`campaign_sent` integer DEFAULT false NOT NULL,
	`settings` text,
	`field_mapping` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`twilio_account_id`) REFERENCES `twilio_accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`template_id`) REFERENCES `templates`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `lead_sources_account_idx` ON `lead_sources` (`twilio_account_id`);--> statement-breakpoint
CREATE INDEX `lead_sources_user_idx` ON `lead_sources` (`user_id`);--> statement-breakpoint
CREATE TABLE `leads` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`lead_source_id` text,
	`twilio_account_id` text NOT NULL,
	`phone_number` text NOT NULL,
	`name` text,
	`email` text,
	`company` text,
	`notes` text,
	`custom_fields` text,
	`status` text DEFAULT 'new' NOT NULL,
	`conversation_id` text,
	`external_id` text,
	`imported_at` integer NOT NULL,
	`last_contacted_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lead_source_id`) REFERENCES `lead_sources`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`twilio_account_id`) REFERENCES `twilio_accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `leads_account_idx` ON `leads` (`twilio_account_id`);--> statement-breakpoint
CREATE INDEX `leads_source_idx` ON `leads` (`lead_source_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `leads_account_phone_uq` ON `leads` (`twilio_account_id`,`phone_number`);--> statement-breakpoint
CREATE INDEX `leads_user_idx` ON `leads` (`user_id`);--> statement-breakpoint
CREATE TABLE `list_leads` (
	`id` text PRIMARY KEY NOT NULL,
	`list_id` text NOT NULL,
	`nome` text,
	`cognome` text,
	`numero_telefono` text,
	`email` text,
	`professione` text,
	`note` text,
	`original_data` text,
	`external_id` text,
	`funnel_status` text DEFAULT 'active' NOT NULL,
	`imported_at` integer NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	FOREIGN KEY (`list_id`) REFERENCES `lists`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `list_leads_list_idx` ON `list_leads` (`list_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `list_leads_list_external_uq` ON `list_leads` (`list_id`,`external_id`);--> statement-breakpoint
CREATE INDEX `list_leads_phone_idx` ON `list_leads` (`numero_telefono`);--> statement-breakpoint
CREATE TABLE `lists` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`twilio_account_id` text NOT NULL,
	`name` text NOT NULL,
	`list_type` text DEFAULT 'static' NOT NULL,
	`source` text NOT NULL,
	`config` text,
	`field_mapping` text,
	`is_active` integer DEFAULT true NOT NULL,
	`last_sync_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`twilio_account_id`) REFERENCES `twilio_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `lists_account_idx` ON `lists` (`twilio_account_id`);--> statement-breakpoint
CREATE INDEX `lists_user_idx` ON `lists` (`user_id`);--> statement-breakpoint
CREATE TABLE `login_attempts` (
	`key` text PRIMARY KEY NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL,
	`first_failure_at` integer NOT NULL,
	`locked_until` integer
);
--> statement-breakpoint
CREATE TABLE `memories` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`twilio_account_id` text NOT NULL,
	`name` text NOT NULL,
	`content` text DEFAULT '' NOT NULL,
	`memory_type` text DEFAULT 'standard' NOT NULL,
	`data_type` text DEFAULT 'text' NOT NULL,
	`data_source` text,
	`visibility` text DEFAULT 'private' NOT NULL,
	`linked_templates` text DEFAULT '[]' NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`twilio_account_id`) REFERENCES `twilio_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `memories_account_idx` ON `memories` (`twilio_account_id`);--> statement-breakpoint
CREATE INDEX `memories_user_idx` ON `memories` (`user_id`);--> statement-breakpoint
CREATE TABLE `messages` (
	`id` text PRIMARY KEY NOT NULL,
	`conversation_id` text NOT NULL,
	`content` text NOT NULL,
	`is_from_bot` integer DEFAULT false NOT NULL,
	`twilio_message_id` text,
	`status` text,
	`error_code` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `messages_conversation_time_idx` ON `messages` (`conversation_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `messages_twilio_sid_uq` ON `messages` (`twilio_message_id`);--> statement-breakpoint
CREATE TABLE `openai_usage` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`twilio_account_id` text,
	`conversation_id` text,
	`message_id` text,
	`template_id` text,
	`prompt_id` text,
	`model` text NOT NULL,
	`prompt_tokens` integer DEFAULT 0 NOT NULL,
	`completion_tokens` integer DEFAULT 0 NOT NULL,
	`total_tokens` integer DEFAULT 0 NOT NULL,
	`prompt_cost` text DEFAULT '0' NOT NULL,
	`completion_cost` text DEFAULT '0' NOT NULL,
	`total_cost` text DEFAULT '0' NOT NULL,
	`operation_type` text NOT NULL,
	`request_duration` integer DEFAULT 0 NOT NULL,
	`metadata` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`twilio_account_id`) REFERENCES `twilio_accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`message_id`) REFERENCES `messages`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`template_id`) REFERENCES `templates`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`prompt_id`) REFERENCES `prompts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `openai_usage_account_time_idx` ON `openai_usage` (`twilio_account_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `openai_usage_user_idx` ON `openai_usage` (`user_id`);--> statement-breakpoint
CREATE TABLE `operator_questions` (
	`id` text PRIMARY KEY NOT NULL,
	`conversation_id` text NOT NULL,
	`phone_number` text NOT NULL,
	`user_id` text NOT NULL,
	`question_asked` text NOT NULL,
	`expires_at` integer NOT NULL,
	`activated` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `operator_questions_conversation_idx` ON `operator_questions` (`conversation_id`);--> statement-breakpoint
CREATE INDEX `operator_questions_expires_idx` ON `operator_questions` (`activated`,`expires_at`);--> statement-breakpoint
CREATE TABLE `prompts` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`twilio_account_id` text NOT NULL,
	`name` text NOT NULL,
	`content` text NOT NULL,
	`model` text DEFAULT 'gpt-3.5-turbo' NOT NULL,
	`temperature` integer DEFAULT 7 NOT NULL,
	`max_tokens` integer DEFAULT 500 NOT NULL,
	`linked_templates` text DEFAULT '[]' NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`twilio_account_id`) REFERENCES `twilio_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `prompts_account_idx` ON `prompts` (`twilio_account_id`);--> statement-breakpoint
CREATE INDEX `prompts_user_idx` ON `prompts` (`user_id`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`sid` text PRIMARY KEY NOT NULL,
	`sess` text NOT NULL,
	`expire` integer NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_expire_idx` ON `sessions` (`expire`);--> statement-breakpoint
CREATE TABLE `templates` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`twilio_account_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`category` text NOT NULL,
	`icon` text DEFAULT 'fas fa-template' NOT NULL,
	`color` text DEFAULT 'primary' NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`prompt_id` text,
	`order` integer DEFAULT 0 NOT NULL,
	`settings` text,
	`channel` text DEFAULT 'whatsapp' NOT NULL,
	`language` text DEFAULT 'it' NOT NULL,
	`whatsapp_content` text,
	`status` text DEFAULT 'draft' NOT NULL,
	`external_template_id` text,
	`external_status` text,
	`submitted_at` integer,
	`last_synced_at` integer,
	`rejection_reason` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`twilio_account_id`) REFERENCES `twilio_accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`prompt_id`) REFERENCES `prompts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `templates_account_idx` ON `templates` (`twilio_account_id`);--> statement-breakpoint
CREATE INDEX `templates_user_idx` ON `templates` (`user_id`);--> statement-breakpoint
CREATE INDEX `templates_status_idx` ON `templates` (`status`);--> statement-breakpoint
CREATE TABLE `twilio_accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`account_sid` text NOT NULL,
	`auth_token` text NOT NULL,
	`phone_number` text NOT NULL,
	`profile_photo` text,
	`gpt_model` text DEFAULT 'gpt-3.5-turbo' NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`sandbox` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `twilio_accounts_user_idx` ON `twilio_accounts` (`user_id`);--> statement-breakpoint
CREATE TABLE `user_settings` (
	`user_id` text PRIMARY KEY NOT NULL,
	`active_twilio_account_id` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`active_twilio_account_id`) REFERENCES `twilio_accounts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`password` text,
	`first_name` text,
	`last_name` text,
	`profile_image_url` text,
	`role` text DEFAULT 'client' NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);