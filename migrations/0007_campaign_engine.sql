DROP INDEX `funnel_runs_campaign_idx`;--> statement-breakpoint
CREATE INDEX `funnel_runs_campaign_idx` ON `funnel_runs` (`campaign_id`,`last_step_order`);--> statement-breakpoint
ALTER TABLE `funnel_executions` ADD `counted` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `funnel_executions_campaign_status_idx` ON `funnel_executions` (`campaign_id`,`status`);--> statement-breakpoint
ALTER TABLE `lead_campaigns` ADD `scheduled_at` integer;