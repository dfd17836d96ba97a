-- Issue 14: real customers on real numbers.
-- Provider accounts: default country for numbers typed without a prefix, the prompt for customers who
-- write first, and when the last inbound webhook arrived.
ALTER TABLE `twilio_accounts` ADD `phone_country` text DEFAULT 'IT' NOT NULL;--> statement-breakpoint
ALTER TABLE `twilio_accounts` ADD `default_prompt_id` text REFERENCES `prompts`(`id`) ON UPDATE no action ON DELETE set null;--> statement-breakpoint
ALTER TABLE `twilio_accounts` ADD `last_inbound_at` integer;--> statement-breakpoint
-- Each conversation's channel; until now every conversation was treated as WhatsApp.
ALTER TABLE `conversations` ADD `channel` text DEFAULT 'whatsapp' NOT NULL;--> statement-breakpoint
-- A conversation started with an SMS template is an SMS conversation (its channel was read from the template).
UPDATE `conversations` SET `channel` = 'sms'
WHERE `template_sid` IS NOT NULL AND EXISTS (SELECT 1 FROM `templates` t WHERE t.`twilio_account_id` = `conversations`.`twilio_account_id`
	AND t.`channel` = 'sms' AND (t.`external_template_id` = `conversations`.`template_sid` OR 'HXint' || replace(t.`id`, '-', '') = `conversations`.`template_sid`));--> statement-breakpoint
-- Memories used by every conversation of the account (also those the customer opened).
ALTER TABLE `memories` ADD `all_conversations` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A sandbox answers customers who write first with the prompt it was seeded with.
UPDATE `twilio_accounts` SET `default_prompt_id` = (
	SELECT p.`id` FROM `prompts` p WHERE p.`twilio_account_id` = `twilio_accounts`.`id` AND p.`name` = 'Assistente vendite (sandbox)'
	ORDER BY p.`created_at` LIMIT 1)
WHERE `sandbox` = 1;--> statement-breakpoint
-- Only one default account per owner: the oldest default keeps the flag.
UPDATE `twilio_accounts` SET `is_default` = 0
WHERE `is_default` = 1 AND `id` <> (
	SELECT d.`id` FROM `twilio_accounts` d WHERE d.`user_id` = `twilio_accounts`.`user_id` AND d.`is_default` = 1
	ORDER BY d.`created_at`, d.`id` LIMIT 1);--> statement-breakpoint
CREATE UNIQUE INDEX `twilio_accounts_one_default_uq` ON `twilio_accounts` (`user_id`) WHERE "twilio_accounts"."is_default" = 1;--> statement-breakpoint
-- Numbers the old normaliser stored wrongly ("+" and every digit typed, Italy being the only default):
--   "0039 328…" became "+0039328…"    -> "+39328…"
--   "02 1234 5678" became "+0212345678" -> "+390212345678" (E.164 never starts with 0)
--   "328 123 4567" became "+3281234567" -> "+393281234567" (10 digits starting with 3: an Italian mobile).
-- The last rule is applied only where no real customer wrote from that number (Twilio's own From is
-- always right) or the account is a sandbox (its simulator used the old normaliser too).
CREATE TABLE `_phone_fix` (
	`id` text PRIMARY KEY NOT NULL,
	`acc` text NOT NULL,
	`old` text NOT NULL,
	`new` text NOT NULL,
	`created_at` integer NOT NULL,
	`survivor` text
);--> statement-breakpoint
INSERT INTO `_phone_fix` (`id`, `acc`, `old`, `new`, `created_at`)
SELECT c.`id`, c.`twilio_account_id`, c.`phone_number`,
	CASE
		WHEN c.`phone_number` LIKE '+00%' THEN '+' || substr(c.`phone_number`, 4)
		WHEN c.`phone_number` LIKE '+0%' THEN '+39' || substr(c.`phone_number`, 2)
		WHEN c.`phone_number` LIKE '+3%' AND length(c.`phone_number`) = 11
			AND (a.`sandbox` = 1 OR NOT EXISTS (SELECT 1 FROM `messages` m WHERE m.`conversation_id` = c.`id` AND m.`sender` = 'customer'))
			THEN '+39' || substr(c.`phone_number`, 2)
		ELSE c.`phone_number`
	END,
	c.`created_at`
FROM `conversations` c JOIN `twilio_accounts` a ON a.`id` = c.`twilio_account_id`;--> statement-breakpoint
-- The same customer typed two ways is one conversation: the one already stored right survives, else the oldest.
UPDATE `_phone_fix` SET `survivor` = (
	SELECT s.`id` FROM `_phone_fix` s WHERE s.`acc` = `_phone_fix`.`acc` AND s.`new` = `_phone_fix`.`new`
	ORDER BY (s.`old` = s.`new`) DESC, s.`created_at`, s.`id` LIMIT 1);--> statement-breakpoint
-- Every message and record of a duplicate moves to the surviving conversation.
UPDATE `messages` SET `conversation_id` = (SELECT f.`survivor` FROM `_phone_fix` f WHERE f.`id` = `messages`.`conversation_id`)
WHERE `conversation_id` IN (SELECT `id` FROM `_phone_fix` WHERE `id` <> `survivor`);--> statement-breakpoint
UPDATE `leads` SET `conversation_id` = (SELECT f.`survivor` FROM `_phone_fix` f WHERE f.`id` = `leads`.`conversation_id`)
WHERE `conversation_id` IN (SELECT `id` FROM `_phone_fix` WHERE `id` <> `survivor`);--> statement-breakpoint
UPDATE `openai_usage` SET `conversation_id` = (SELECT f.`survivor` FROM `_phone_fix` f WHERE f.`id` = `openai_usage`.`conversation_id`)
WHERE `conversation_id` IN (SELECT `id` FROM `_phone_fix` WHERE `id` <> `survivor`);--> statement-breakpoint
UPDATE `analytics` SET `conversation_id` = (SELECT f.`survivor` FROM `_phone_fix` f WHERE f.`id` = `analytics`.`conversation_id`)
WHERE `conversation_id` IN (SELECT `id` FROM `_phone_fix` WHERE `id` <> `survivor`);--> statement-breakpoint
UPDATE `operator_questions` SET `conversation_id` = (SELECT f.`survivor` FROM `_phone_fix` f WHERE f.`id` = `operator_questions`.`conversation_id`)
WHERE `conversation_id` IN (SELECT `id` FROM `_phone_fix` WHERE `id` <> `survivor`);--> statement-breakpoint
UPDATE OR IGNORE `lead_notifications_sent` SET `conversation_id` = (SELECT f.`survivor` FROM `_phone_fix` f WHERE f.`id` = `lead_notifications_sent`.`conversation_id`)
WHERE `conversation_id` IN (SELECT `id` FROM `_phone_fix` WHERE `id` <> `survivor`);--> statement-breakpoint
-- The survivor takes the latest activity, a name it lacked, and the template of whichever was started with one.
UPDATE `conversations` SET
	`last_message_at` = (SELECT max(d.`last_message_at`) FROM `conversations` d JOIN `_phone_fix` f ON f.`id` = d.`id` WHERE f.`survivor` = `conversations`.`id`),
	`last_message` = (SELECT d.`last_message` FROM `conversations` d JOIN `_phone_fix` f ON f.`id` = d.`id` WHERE f.`survivor` = `conversations`.`id`
		ORDER BY d.`last_message_at` DESC NULLS LAST LIMIT 1),
	`last_inbound_at` = (SELECT max(d.`last_inbound_at`) FROM `conversations` d JOIN `_phone_fix` f ON f.`id` = d.`id` WHERE f.`survivor` = `conversations`.`id`),
	`customer_name` = coalesce(`customer_name`, (SELECT d.`customer_name` FROM `conversations` d JOIN `_phone_fix` f ON f.`id` = d.`id`
		WHERE f.`survivor` = `conversations`.`id` AND d.`customer_name` IS NOT NULL ORDER BY d.`created_at` LIMIT 1)),
	`customer_company` = coalesce(`customer_company`, (SELECT d.`customer_company` FROM `conversations` d JOIN `_phone_fix` f ON f.`id` = d.`id`
		WHERE f.`survivor` = `conversations`.`id` AND d.`customer_company` IS NOT NULL ORDER BY d.`created_at` LIMIT 1))
WHERE `id` IN (SELECT `survivor` FROM `_phone_fix` WHERE `id` <> `survivor`);--> statement-breakpoint
UPDATE `conversations` SET
	`template_sid` = d.`template_sid`, `template_name` = d.`template_name`, `template_category` = d.`template_category`,
	`prompt_id` = coalesce(`conversations`.`prompt_id`, d.`prompt_id`)
FROM (SELECT f.`survivor` AS sid, c.`template_sid`, c.`template_name`, c.`template_category`, c.`prompt_id`,
		row_number() OVER (PARTITION BY f.`survivor` ORDER BY c.`created_at` DESC) AS rn
	FROM `_phone_fix` f JOIN `conversations` c ON c.`id` = f.`id` WHERE f.`id` <> f.`survivor` AND c.`template_sid` IS NOT NULL) d
WHERE `conversations`.`id` = d.sid AND d.rn = 1 AND `conversations`.`template_sid` IS NULL;--> statement-breakpoint
DELETE FROM `conversations` WHERE `id` IN (SELECT `id` FROM `_phone_fix` WHERE `id` <> `survivor`);--> statement-breakpoint
UPDATE `conversations` SET `phone_number` = (SELECT f.`new` FROM `_phone_fix` f WHERE f.`id` = `conversations`.`id`)
WHERE `id` IN (SELECT `id` FROM `_phone_fix` WHERE `old` <> `new`);--> statement-breakpoint
UPDATE `operator_questions` SET `phone_number` = (SELECT c.`phone_number` FROM `conversations` c WHERE c.`id` = `operator_questions`.`conversation_id`)
WHERE `phone_number` <> (SELECT c.`phone_number` FROM `conversations` c WHERE c.`id` = `operator_questions`.`conversation_id`);--> statement-breakpoint
-- Opt-outs, leads and feedback follow their conversation's number; a duplicate of a row already right is dropped.
UPDATE OR IGNORE `opt_outs` SET `phone_number` = (SELECT f.`new` FROM `_phone_fix` f WHERE f.`acc` = `opt_outs`.`twilio_account_id` AND f.`old` = `opt_outs`.`phone_number`)
WHERE EXISTS (SELECT 1 FROM `_phone_fix` f WHERE f.`acc` = `opt_outs`.`twilio_account_id` AND f.`old` = `opt_outs`.`phone_number` AND f.`old` <> f.`new`);--> statement-breakpoint
DELETE FROM `opt_outs` WHERE EXISTS (SELECT 1 FROM `_phone_fix` f WHERE f.`acc` = `opt_outs`.`twilio_account_id` AND f.`old` = `opt_outs`.`phone_number` AND f.`old` <> f.`new`);--> statement-breakpoint
UPDATE OR IGNORE `leads` SET `phone_number` = (SELECT f.`new` FROM `_phone_fix` f WHERE f.`acc` = `leads`.`twilio_account_id` AND f.`old` = `leads`.`phone_number`)
WHERE EXISTS (SELECT 1 FROM `_phone_fix` f WHERE f.`acc` = `leads`.`twilio_account_id` AND f.`old` = `leads`.`phone_number` AND f.`old` <> f.`new`);--> statement-breakpoint
UPDATE `leads` SET `conversation_id` = coalesce(`conversation_id`, (SELECT d.`conversation_id` FROM `leads` d JOIN `_phone_fix` f
		ON f.`acc` = d.`twilio_account_id` AND f.`old` = d.`phone_number` AND f.`old` <> f.`new`
	WHERE d.`twilio_account_id` = `leads`.`twilio_account_id` AND f.`new` = `leads`.`phone_number` LIMIT 1))
WHERE `conversation_id` IS NULL;--> statement-breakpoint
DELETE FROM `leads` WHERE EXISTS (SELECT 1 FROM `_phone_fix` f WHERE f.`acc` = `leads`.`twilio_account_id` AND f.`old` = `leads`.`phone_number` AND f.`old` <> f.`new`);--> statement-breakpoint
UPDATE OR IGNORE `feedback_entries` SET `phone_number` = (SELECT f.`new` FROM `_phone_fix` f JOIN `memories` mm ON mm.`twilio_account_id` = f.`acc`
		WHERE mm.`id` = `feedback_entries`.`memory_id` AND f.`old` = `feedback_entries`.`phone_number`)
WHERE EXISTS (SELECT 1 FROM `_phone_fix` f JOIN `memories` mm ON mm.`twilio_account_id` = f.`acc`
	WHERE mm.`id` = `feedback_entries`.`memory_id` AND f.`old` = `feedback_entries`.`phone_number` AND f.`old` <> f.`new`);--> statement-breakpoint
DELETE FROM `feedback_entries` WHERE EXISTS (SELECT 1 FROM `_phone_fix` f JOIN `memories` mm ON mm.`twilio_account_id` = f.`acc`
	WHERE mm.`id` = `feedback_entries`.`memory_id` AND f.`old` = `feedback_entries`.`phone_number` AND f.`old` <> f.`new`);--> statement-breakpoint
DROP TABLE `_phone_fix`;--> statement-breakpoint
-- Lead-alert numbers went through the old normaliser too (operators type Italian numbers there).
UPDATE `lead_notification_settings` SET `notification_phone_numbers` = (
	SELECT json_group_array(fixed) FROM (
		SELECT CASE
			WHEN j.value LIKE '+00%' THEN '+' || substr(j.value, 4)
			WHEN j.value LIKE '+0%' THEN '+39' || substr(j.value, 2)
			WHEN j.value LIKE '+3%' AND length(j.value) = 11 THEN '+39' || substr(j.value, 2)
			ELSE j.value
		END AS fixed
		FROM json_each(`lead_notification_settings`.`notification_phone_numbers`) j ORDER BY j.key))
WHERE EXISTS (SELECT 1 FROM json_each(`lead_notification_settings`.`notification_phone_numbers`) j
	WHERE j.value LIKE '+0%' OR (j.value LIKE '+3%' AND length(j.value) = 11));
