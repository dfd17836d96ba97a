-- Each account's usage version: a count of the changes to its OpenAI usage rows, kept by triggers in the
-- same statement as every insert, delete or update of a row the usage report sums. An isolate that holds a
-- report's sums for the account's current version answers them without reading them again.
-- Hand-written: drizzle-kit does not model triggers. An account without a row is at version 0.
CREATE TABLE `usage_versions` (
	`twilio_account_id` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`twilio_account_id`) REFERENCES `twilio_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `usage_versions` (`twilio_account_id`, `version`)
	SELECT DISTINCT `twilio_account_id`, 1 FROM `openai_usage` WHERE `twilio_account_id` IS NOT NULL;
--> statement-breakpoint
CREATE TRIGGER `usage_versions_insert` AFTER INSERT ON `openai_usage` WHEN new.`twilio_account_id` IS NOT NULL BEGIN
	INSERT INTO `usage_versions` (`twilio_account_id`, `version`) VALUES (new.`twilio_account_id`, 1)
	ON CONFLICT (`twilio_account_id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
-- An update, never an insert: a row deleted with its account finds no version to keep.
CREATE TRIGGER `usage_versions_delete` AFTER DELETE ON `openai_usage` WHEN old.`twilio_account_id` IS NOT NULL BEGIN
	UPDATE `usage_versions` SET `version` = `version` + 1 WHERE `twilio_account_id` = old.`twilio_account_id`;
END;
--> statement-breakpoint
-- The columns the report sums or filters by (as the rollup's update trigger); both accounts when a row moves.
CREATE TRIGGER `usage_versions_update` AFTER UPDATE OF `twilio_account_id`, `model`, `operation_type`, `prompt_tokens`, `completion_tokens`, `total_tokens`, `total_cost`, `created_at` ON `openai_usage` BEGIN
	UPDATE `usage_versions` SET `version` = `version` + 1 WHERE `twilio_account_id` = old.`twilio_account_id`;
	INSERT INTO `usage_versions` (`twilio_account_id`, `version`) SELECT new.`twilio_account_id`, 1 WHERE new.`twilio_account_id` IS NOT NULL
	ON CONFLICT (`twilio_account_id`) DO UPDATE SET `version` = `version` + 1;
END;
