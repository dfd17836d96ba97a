-- Revenue: a converted lead's deal value in euro cents and when it was converted (its Rome day is the
-- revenue's day). Leads already converted keep their conversion, dated by their last contact.
ALTER TABLE `leads` ADD `deal_value_cents` integer;
--> statement-breakpoint
ALTER TABLE `leads` ADD `converted_at` integer;
--> statement-breakpoint
UPDATE `leads` SET `converted_at` = coalesce(`last_contacted_at`, `imported_at`) WHERE `status` = 'converted';
--> statement-breakpoint
CREATE INDEX `leads_account_converted_idx` ON `leads` (`twilio_account_id`,`converted_at`);
--> statement-breakpoint
-- The source's auto-response is claimed once per lead (a conditional update), however many imports,
-- syncs or API calls bring the same lead at once.
ALTER TABLE `leads` ADD `auto_responded_at` integer;
--> statement-breakpoint
UPDATE `leads` SET `auto_responded_at` = coalesce(`last_contacted_at`, `imported_at`) WHERE `conversation_id` IS NOT NULL;
--> statement-breakpoint
-- A pulled source (Airtable): its connection (the key encrypted) and how its last sync went.
ALTER TABLE `lead_sources` ADD `config` text;
--> statement-breakpoint
ALTER TABLE `lead_sources` ADD `last_sync_result` text;
--> statement-breakpoint
CREATE INDEX `lead_sources_sync_due_idx` ON `lead_sources` (`auto_sync`,`next_sync_at`);
--> statement-breakpoint
-- Dynamic Airtable lists re-sync on their own: every sync_interval minutes (claimed through
-- next_sync_at, so overlapping cron ticks start one import), and each import marks the records it
-- saw; at its end the list's Airtable records it did not see are marked inactive (kept, not deleted).
ALTER TABLE `lists` ADD `sync_interval` integer DEFAULT 30 NOT NULL;
--> statement-breakpoint
ALTER TABLE `lists` ADD `next_sync_at` integer;
--> statement-breakpoint
ALTER TABLE `list_leads` ADD `seen_import_id` text;
--> statement-breakpoint
ALTER TABLE `list_imports` ADD `deactivated` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- "Facebook Lead Ads" and "Google Ads" sources had nothing behind them: Facebook is no longer offered,
-- and Google sources now need the webhook key made when one is saved. Existing ones keep their leads
-- as Lead Manager API sources, the way such leads could be pushed until now.
UPDATE `lead_sources` SET `type` = 'api', `auto_sync` = 0 WHERE `type` IN ('facebook', 'google');
--> statement-breakpoint
UPDATE `lead_sources` SET `auto_sync` = 0, `next_sync_at` = NULL WHERE `type` <> 'airtable';
