-- The usage report's page is held at the account's usage version too (worker/features/usage/repo.ts), so
-- the version also moves with the columns the page lists and the report does not sum: a row's id, its
-- duration, and its conversation and prompt (set to null when those are deleted). A row that stays in its
-- account moves the version once (0022's trigger moved it twice).
-- Hand-written: drizzle-kit does not model triggers.
DROP TRIGGER `usage_versions_update`;
--> statement-breakpoint
CREATE TRIGGER `usage_versions_update` AFTER UPDATE OF `id`, `twilio_account_id`, `model`, `operation_type`, `prompt_tokens`, `completion_tokens`, `total_tokens`, `total_cost`, `request_duration`, `conversation_id`, `prompt_id`, `created_at` ON `openai_usage` BEGIN
	UPDATE `usage_versions` SET `version` = `version` + 1 WHERE `twilio_account_id` = old.`twilio_account_id`;
	INSERT INTO `usage_versions` (`twilio_account_id`, `version`) SELECT new.`twilio_account_id`, 1 WHERE new.`twilio_account_id` IS NOT NULL AND new.`twilio_account_id` IS NOT old.`twilio_account_id`
	ON CONFLICT (`twilio_account_id`) DO UPDATE SET `version` = `version` + 1;
END;
