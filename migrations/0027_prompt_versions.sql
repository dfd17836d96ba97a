-- Each account's prompt list version: a count of the changes to its prompts, kept by triggers in the same
-- statement as every insert, delete or update of a prompt. An isolate that holds a page of the prompts read
-- at the account's current version answers it without reading the rows again
-- (worker/features/prompts/service.ts). Every column but the owner shows on the page, so any update moves it.
-- Hand-written: drizzle-kit does not model triggers. An account without a row is at version 0.
CREATE TABLE `prompt_versions` (
	`twilio_account_id` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`twilio_account_id`) REFERENCES `twilio_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `prompt_versions` (`twilio_account_id`, `version`)
	SELECT DISTINCT `twilio_account_id`, 1 FROM `prompts`;
--> statement-breakpoint
CREATE TRIGGER `prompt_versions_insert` AFTER INSERT ON `prompts` BEGIN
	INSERT INTO `prompt_versions` (`twilio_account_id`, `version`) VALUES (new.`twilio_account_id`, 1)
	ON CONFLICT (`twilio_account_id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
-- An update, never an insert: a prompt deleted with its account finds no version to keep.
CREATE TRIGGER `prompt_versions_delete` AFTER DELETE ON `prompts` BEGIN
	UPDATE `prompt_versions` SET `version` = `version` + 1 WHERE `twilio_account_id` = old.`twilio_account_id`;
END;
--> statement-breakpoint
-- Both accounts when a prompt moves.
CREATE TRIGGER `prompt_versions_update` AFTER UPDATE ON `prompts` BEGIN
	UPDATE `prompt_versions` SET `version` = `version` + 1 WHERE `twilio_account_id` = old.`twilio_account_id`;
	INSERT INTO `prompt_versions` (`twilio_account_id`, `version`) SELECT new.`twilio_account_id`, 1 WHERE new.`twilio_account_id` <> old.`twilio_account_id`
	ON CONFLICT (`twilio_account_id`) DO UPDATE SET `version` = `version` + 1;
END;
