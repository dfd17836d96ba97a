CREATE TABLE `conversation_template_rollup` (
	`twilio_account_id` text NOT NULL,
	`template_key` text NOT NULL,
	`template_name` text,
	`template_category` text,
	`conversations` integer DEFAULT 0 NOT NULL,
	`active` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`twilio_account_id`, `template_key`),
	FOREIGN KEY (`twilio_account_id`) REFERENCES `twilio_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- Hand-written: drizzle-kit does not model triggers. The rollup follows conversations in the same
-- statement as each insert, update or delete of a conversation, whoever writes it (the Worker, a seed,
-- an import, an account's deletion cascading to its conversations).
CREATE TRIGGER `conversation_template_rollup_insert` AFTER INSERT ON `conversations` BEGIN
	INSERT INTO `conversation_template_rollup` (`twilio_account_id`, `template_key`, `template_name`, `template_category`, `conversations`, `active`)
	VALUES (new.`twilio_account_id`, coalesce(new.`template_sid`, ''), new.`template_name`, new.`template_category`, 1, new.`status` = 'active')
	ON CONFLICT (`twilio_account_id`, `template_key`) DO UPDATE SET
		`conversations` = `conversations` + 1,
		`active` = `active` + excluded.`active`,
		`template_name` = coalesce(excluded.`template_name`, `template_name`),
		`template_category` = coalesce(excluded.`template_category`, `template_category`);
END;
--> statement-breakpoint
CREATE TRIGGER `conversation_template_rollup_delete` AFTER DELETE ON `conversations` BEGIN
	UPDATE `conversation_template_rollup` SET `conversations` = `conversations` - 1, `active` = `active` - (old.`status` = 'active')
	WHERE `twilio_account_id` = old.`twilio_account_id` AND `template_key` = coalesce(old.`template_sid`, '');
	DELETE FROM `conversation_template_rollup`
	WHERE `twilio_account_id` = old.`twilio_account_id` AND `template_key` = coalesce(old.`template_sid`, '') AND `conversations` <= 0;
END;
--> statement-breakpoint
-- Only when a counted column changes: the loop's frequent updates (last message, AI status) skip it.
CREATE TRIGGER `conversation_template_rollup_update` AFTER UPDATE OF `twilio_account_id`, `template_sid`, `template_name`, `template_category`, `status` ON `conversations`
WHEN old.`twilio_account_id` IS NOT new.`twilio_account_id` OR old.`template_sid` IS NOT new.`template_sid` OR old.`template_name` IS NOT new.`template_name`
	OR old.`template_category` IS NOT new.`template_category` OR old.`status` IS NOT new.`status`
BEGIN
	UPDATE `conversation_template_rollup` SET `conversations` = `conversations` - 1, `active` = `active` - (old.`status` = 'active')
	WHERE `twilio_account_id` = old.`twilio_account_id` AND `template_key` = coalesce(old.`template_sid`, '');
	DELETE FROM `conversation_template_rollup`
	WHERE `twilio_account_id` = old.`twilio_account_id` AND `template_key` = coalesce(old.`template_sid`, '') AND `conversations` <= 0;
	INSERT INTO `conversation_template_rollup` (`twilio_account_id`, `template_key`, `template_name`, `template_category`, `conversations`, `active`)
	VALUES (new.`twilio_account_id`, coalesce(new.`template_sid`, ''), new.`template_name`, new.`template_category`, 1, new.`status` = 'active')
	ON CONFLICT (`twilio_account_id`, `template_key`) DO UPDATE SET
		`conversations` = `conversations` + 1,
		`active` = `active` + excluded.`active`,
		`template_name` = coalesce(excluded.`template_name`, `template_name`),
		`template_category` = coalesce(excluded.`template_category`, `template_category`);
END;
--> statement-breakpoint
-- Backfill: the rollup of the conversations already stored (the migration runs as one batch, so no
-- conversation is written between this and the triggers above).
INSERT INTO `conversation_template_rollup` (`twilio_account_id`, `template_key`, `template_name`, `template_category`, `conversations`, `active`)
SELECT `twilio_account_id`, coalesce(`template_sid`, ''), max(`template_name`), max(`template_category`), count(*), sum(`status` = 'active')
FROM `conversations`
GROUP BY `twilio_account_id`, coalesce(`template_sid`, '');
