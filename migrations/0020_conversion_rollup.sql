-- The dashboard stats' conversions and revenue, kept in step by triggers like the per-template counts of
-- 0010, so the stats read a few rows instead of the account's converted leads (which grow with the data).
-- Hand-written: drizzle-kit does not model triggers.
--
-- Per conversation: whether it converted (a converted lead of the account links to it, or the AI qualified
-- it: a lead_qualified event) and the deal value of the converted lead with its number.
ALTER TABLE `conversations` ADD `converted` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE `conversations` ADD `revenue_cents` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE `conversation_template_rollup` ADD `converted` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE `conversation_template_rollup` ADD `revenue_cents` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Per account: the deal values of all its converted leads, with or without a conversation.
CREATE TABLE `account_revenue_rollup` (
	`twilio_account_id` text PRIMARY KEY NOT NULL,
	`revenue_cents` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`twilio_account_id`) REFERENCES `twilio_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- Backfill of the conversations first, while no trigger watches the new columns.
UPDATE `conversations` SET
	`converted` = exists(SELECT 1 FROM `leads` l WHERE l.`twilio_account_id` = `conversations`.`twilio_account_id` AND l.`status` = 'converted' AND l.`conversation_id` = `conversations`.`id`)
		OR exists(SELECT 1 FROM `analytics` a WHERE a.`conversation_id` = `conversations`.`id` AND a.`twilio_account_id` = `conversations`.`twilio_account_id` AND a.`event_type` = 'lead_qualified'),
	`revenue_cents` = coalesce((SELECT l.`deal_value_cents` FROM `leads` l WHERE l.`twilio_account_id` = `conversations`.`twilio_account_id` AND l.`phone_number` = `conversations`.`phone_number` AND l.`status` = 'converted'), 0);
--> statement-breakpoint
UPDATE `conversation_template_rollup` SET
	`converted` = (SELECT coalesce(sum(c.`converted`), 0) FROM `conversations` c WHERE c.`twilio_account_id` = `conversation_template_rollup`.`twilio_account_id` AND coalesce(c.`template_sid`, '') = `conversation_template_rollup`.`template_key`),
	`revenue_cents` = (SELECT coalesce(sum(c.`revenue_cents`), 0) FROM `conversations` c WHERE c.`twilio_account_id` = `conversation_template_rollup`.`twilio_account_id` AND coalesce(c.`template_sid`, '') = `conversation_template_rollup`.`template_key`);
--> statement-breakpoint
INSERT INTO `account_revenue_rollup` (`twilio_account_id`, `revenue_cents`)
SELECT `twilio_account_id`, sum(coalesce(`deal_value_cents`, 0)) FROM `leads` WHERE `status` = 'converted' GROUP BY `twilio_account_id`;
--> statement-breakpoint
-- 0010's triggers again, now carrying a conversation's conversion and revenue with its counts.
DROP TRIGGER `conversation_template_rollup_insert`;
--> statement-breakpoint
DROP TRIGGER `conversation_template_rollup_delete`;
--> statement-breakpoint
DROP TRIGGER `conversation_template_rollup_update`;
--> statement-breakpoint
CREATE TRIGGER `conversation_template_rollup_insert` AFTER INSERT ON `conversations` BEGIN
	INSERT INTO `conversation_template_rollup` (`twilio_account_id`, `template_key`, `template_name`, `template_category`, `conversations`, `active`, `converted`, `revenue_cents`)
	VALUES (new.`twilio_account_id`, coalesce(new.`template_sid`, ''), new.`template_name`, new.`template_category`, 1, new.`status` = 'active', new.`converted`, new.`revenue_cents`)
	ON CONFLICT (`twilio_account_id`, `template_key`) DO UPDATE SET
		`conversations` = `conversations` + 1,
		`active` = `active` + excluded.`active`,
		`converted` = `converted` + excluded.`converted`,
		`revenue_cents` = `revenue_cents` + excluded.`revenue_cents`,
		`template_name` = coalesce(excluded.`template_name`, `template_name`),
		`template_category` = coalesce(excluded.`template_category`, `template_category`);
END;
--> statement-breakpoint
CREATE TRIGGER `conversation_template_rollup_delete` AFTER DELETE ON `conversations` BEGIN
	UPDATE `conversation_template_rollup` SET `conversations` = `conversations` - 1, `active` = `active` - (old.`status` = 'active'),
		`converted` = `converted` - old.`converted`, `revenue_cents` = `revenue_cents` - old.`revenue_cents`
	WHERE `twilio_account_id` = old.`twilio_account_id` AND `template_key` = coalesce(old.`template_sid`, '');
	DELETE FROM `conversation_template_rollup`
	WHERE `twilio_account_id` = old.`twilio_account_id` AND `template_key` = coalesce(old.`template_sid`, '') AND `conversations` <= 0;
END;
--> statement-breakpoint
CREATE TRIGGER `conversation_template_rollup_update` AFTER UPDATE OF `twilio_account_id`, `template_sid`, `template_name`, `template_category`, `status`, `converted`, `revenue_cents` ON `conversations`
WHEN old.`twilio_account_id` IS NOT new.`twilio_account_id` OR old.`template_sid` IS NOT new.`template_sid` OR old.`template_name` IS NOT new.`template_name`
	OR old.`template_category` IS NOT new.`template_category` OR old.`status` IS NOT new.`status`
	OR old.`converted` IS NOT new.`converted` OR old.`revenue_cents` IS NOT new.`revenue_cents`
BEGIN
	UPDATE `conversation_template_rollup` SET `conversations` = `conversations` - 1, `active` = `active` - (old.`status` = 'active'),
		`converted` = `converted` - old.`converted`, `revenue_cents` = `revenue_cents` - old.`revenue_cents`
	WHERE `twilio_account_id` = old.`twilio_account_id` AND `template_key` = coalesce(old.`template_sid`, '');
	DELETE FROM `conversation_template_rollup`
	WHERE `twilio_account_id` = old.`twilio_account_id` AND `template_key` = coalesce(old.`template_sid`, '') AND `conversations` <= 0;
	INSERT INTO `conversation_template_rollup` (`twilio_account_id`, `template_key`, `template_name`, `template_category`, `conversations`, `active`, `converted`, `revenue_cents`)
	VALUES (new.`twilio_account_id`, coalesce(new.`template_sid`, ''), new.`template_name`, new.`template_category`, 1, new.`status` = 'active', new.`converted`, new.`revenue_cents`)
	ON CONFLICT (`twilio_account_id`, `template_key`) DO UPDATE SET
		`conversations` = `conversations` + 1,
		`active` = `active` + excluded.`active`,
		`converted` = `converted` + excluded.`converted`,
		`revenue_cents` = `revenue_cents` + excluded.`revenue_cents`,
		`template_name` = coalesce(excluded.`template_name`, `template_name`),
		`template_category` = coalesce(excluded.`template_category`, `template_category`);
END;
--> statement-breakpoint
-- A new conversation with a number whose lead is already converted, or that a lead already links to.
CREATE TRIGGER `conversation_conversion_insert` AFTER INSERT ON `conversations`
WHEN exists(SELECT 1 FROM `leads` l WHERE l.`twilio_account_id` = new.`twilio_account_id` AND l.`phone_number` = new.`phone_number` AND l.`status` = 'converted')
	OR exists(SELECT 1 FROM `leads` l WHERE l.`twilio_account_id` = new.`twilio_account_id` AND l.`status` = 'converted' AND l.`conversation_id` = new.`id`)
BEGIN
	UPDATE `conversations` SET
		`converted` = `converted` OR exists(SELECT 1 FROM `leads` l WHERE l.`twilio_account_id` = new.`twilio_account_id` AND l.`status` = 'converted' AND l.`conversation_id` = new.`id`),
		`revenue_cents` = coalesce((SELECT l.`deal_value_cents` FROM `leads` l WHERE l.`twilio_account_id` = new.`twilio_account_id` AND l.`phone_number` = new.`phone_number` AND l.`status` = 'converted'), 0)
	WHERE `id` = new.`id`;
END;
--> statement-breakpoint
-- A lead converted, unconverted, linked, renumbered, revalued or removed: its conversations' flags
-- and values again (each found through an index), and the account's total by the difference.
CREATE TRIGGER `lead_conversion_insert` AFTER INSERT ON `leads` WHEN new.`status` = 'converted' BEGIN
	INSERT INTO `account_revenue_rollup` (`twilio_account_id`, `revenue_cents`) VALUES (new.`twilio_account_id`, coalesce(new.`deal_value_cents`, 0))
	ON CONFLICT (`twilio_account_id`) DO UPDATE SET `revenue_cents` = `revenue_cents` + excluded.`revenue_cents`;
	UPDATE `conversations` SET `converted` = 1 WHERE `id` = new.`conversation_id` AND `twilio_account_id` = new.`twilio_account_id` AND `converted` = 0;
	UPDATE `conversations` SET `revenue_cents` = coalesce(new.`deal_value_cents`, 0)
	WHERE `twilio_account_id` = new.`twilio_account_id` AND `phone_number` = new.`phone_number` AND `revenue_cents` IS NOT coalesce(new.`deal_value_cents`, 0);
END;
--> statement-breakpoint
CREATE TRIGGER `lead_conversion_update` AFTER UPDATE OF `status`, `conversation_id`, `deal_value_cents`, `phone_number`, `twilio_account_id` ON `leads`
WHEN (old.`status` = 'converted' OR new.`status` = 'converted') AND (old.`status` IS NOT new.`status` OR old.`conversation_id` IS NOT new.`conversation_id`
	OR old.`deal_value_cents` IS NOT new.`deal_value_cents` OR old.`phone_number` IS NOT new.`phone_number` OR old.`twilio_account_id` IS NOT new.`twilio_account_id`)
BEGIN
	INSERT INTO `account_revenue_rollup` (`twilio_account_id`, `revenue_cents`) VALUES (old.`twilio_account_id`, -((old.`status` = 'converted') * coalesce(old.`deal_value_cents`, 0)))
	ON CONFLICT (`twilio_account_id`) DO UPDATE SET `revenue_cents` = `revenue_cents` + excluded.`revenue_cents`;
	INSERT INTO `account_revenue_rollup` (`twilio_account_id`, `revenue_cents`) VALUES (new.`twilio_account_id`, (new.`status` = 'converted') * coalesce(new.`deal_value_cents`, 0))
	ON CONFLICT (`twilio_account_id`) DO UPDATE SET `revenue_cents` = `revenue_cents` + excluded.`revenue_cents`;
	UPDATE `conversations` SET `converted` =
		exists(SELECT 1 FROM `leads` l WHERE l.`twilio_account_id` = `conversations`.`twilio_account_id` AND l.`status` = 'converted' AND l.`conversation_id` = `conversations`.`id`)
		OR exists(SELECT 1 FROM `analytics` a WHERE a.`conversation_id` = `conversations`.`id` AND a.`twilio_account_id` = `conversations`.`twilio_account_id` AND a.`event_type` = 'lead_qualified')
	WHERE `id` IN (old.`conversation_id`, new.`conversation_id`);
	UPDATE `conversations` SET `revenue_cents` = coalesce((SELECT l.`deal_value_cents` FROM `leads` l
		WHERE l.`twilio_account_id` = `conversations`.`twilio_account_id` AND l.`phone_number` = `conversations`.`phone_number` AND l.`status` = 'converted'), 0)
	WHERE `twilio_account_id` = old.`twilio_account_id` AND `phone_number` = old.`phone_number`;
	UPDATE `conversations` SET `revenue_cents` = coalesce((SELECT l.`deal_value_cents` FROM `leads` l
		WHERE l.`twilio_account_id` = `conversations`.`twilio_account_id` AND l.`phone_number` = `conversations`.`phone_number` AND l.`status` = 'converted'), 0)
	WHERE `twilio_account_id` = new.`twilio_account_id` AND `phone_number` = new.`phone_number`;
END;
--> statement-breakpoint
CREATE TRIGGER `lead_conversion_delete` AFTER DELETE ON `leads` WHEN old.`status` = 'converted' BEGIN
	UPDATE `account_revenue_rollup` SET `revenue_cents` = `revenue_cents` - coalesce(old.`deal_value_cents`, 0) WHERE `twilio_account_id` = old.`twilio_account_id`;
	UPDATE `conversations` SET `converted` =
		exists(SELECT 1 FROM `leads` l WHERE l.`twilio_account_id` = `conversations`.`twilio_account_id` AND l.`status` = 'converted' AND l.`conversation_id` = `conversations`.`id`)
		OR exists(SELECT 1 FROM `analytics` a WHERE a.`conversation_id` = `conversations`.`id` AND a.`twilio_account_id` = `conversations`.`twilio_account_id` AND a.`event_type` = 'lead_qualified')
	WHERE `id` = old.`conversation_id`;
	UPDATE `conversations` SET `revenue_cents` = 0 WHERE `twilio_account_id` = old.`twilio_account_id` AND `phone_number` = old.`phone_number`;
END;
--> statement-breakpoint
-- The AI qualified a conversation (or the event went away with its conversation or account).
CREATE TRIGGER `qualified_conversion_insert` AFTER INSERT ON `analytics` WHEN new.`event_type` = 'lead_qualified' AND new.`conversation_id` IS NOT NULL BEGIN
	UPDATE `conversations` SET `converted` = 1 WHERE `id` = new.`conversation_id` AND `twilio_account_id` = new.`twilio_account_id` AND `converted` = 0;
END;
--> statement-breakpoint
CREATE TRIGGER `qualified_conversion_delete` AFTER DELETE ON `analytics` WHEN old.`event_type` = 'lead_qualified' AND old.`conversation_id` IS NOT NULL BEGIN
	UPDATE `conversations` SET `converted` =
		exists(SELECT 1 FROM `leads` l WHERE l.`twilio_account_id` = `conversations`.`twilio_account_id` AND l.`status` = 'converted' AND l.`conversation_id` = `conversations`.`id`)
		OR exists(SELECT 1 FROM `analytics` a WHERE a.`conversation_id` = `conversations`.`id` AND a.`twilio_account_id` = `conversations`.`twilio_account_id` AND a.`event_type` = 'lead_qualified')
	WHERE `id` = old.`conversation_id`;
END;
