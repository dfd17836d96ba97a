CREATE TABLE `usage_daily_rollup` (
	`twilio_account_id` text NOT NULL,
	`day` text NOT NULL,
	`model` text NOT NULL,
	`operation_type` text NOT NULL,
	`calls` integer DEFAULT 0 NOT NULL,
	`prompt_tokens` integer DEFAULT 0 NOT NULL,
	`completion_tokens` integer DEFAULT 0 NOT NULL,
	`total_tokens` integer DEFAULT 0 NOT NULL,
	`total_cost_e8` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`twilio_account_id`, `day`, `model`, `operation_type`),
	FOREIGN KEY (`twilio_account_id`) REFERENCES `twilio_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- Hand-written: drizzle-kit does not model triggers. The rollup follows openai_usage in the same
-- statement as each insert, update or delete of a usage row, whoever writes it (the Worker, a seed, an
-- import), and a row without an account is left out as the report is per account.
-- The Europe/Rome day of created_at (epoch ms): UTC+2 from 01:00 UTC on the last Sunday of March to
-- 01:00 UTC on the last Sunday of October (the EU rule, in force since 1996), UTC+1 otherwise; SQLite
-- has no time zones. test/worker/usage-rollup.test.ts checks it against Intl's Europe/Rome.
-- The cost: total_cost is decimal text with 8 places, kept as whole hundred-millionths of a dollar.
CREATE TRIGGER `usage_daily_rollup_insert` AFTER INSERT ON `openai_usage` BEGIN
	INSERT INTO `usage_daily_rollup` (`twilio_account_id`, `day`, `model`, `operation_type`, `calls`, `prompt_tokens`, `completion_tokens`, `total_tokens`, `total_cost_e8`)
	SELECT new.`twilio_account_id`, date(new.`created_at` / 1000 + (case when new.`created_at` / 1000 >= cast(strftime('%s', strftime('%Y', new.`created_at` / 1000, 'unixepoch') || '-04-01', 'weekday 0', '-7 days', '+1 hour') as integer) and new.`created_at` / 1000 < cast(strftime('%s', strftime('%Y', new.`created_at` / 1000, 'unixepoch') || '-11-01', 'weekday 0', '-7 days', '+1 hour') as integer) then 7200 else 3600 end), 'unixepoch'), new.`model`, new.`operation_type`, 1, new.`prompt_tokens`, new.`completion_tokens`, new.`total_tokens`, cast(round(cast(new.`total_cost` as real) * 100000000) as integer)
	WHERE new.`twilio_account_id` IS NOT NULL
	ON CONFLICT (`twilio_account_id`, `day`, `model`, `operation_type`) DO UPDATE SET
		`calls` = `calls` + excluded.`calls`,
		`prompt_tokens` = `prompt_tokens` + excluded.`prompt_tokens`,
		`completion_tokens` = `completion_tokens` + excluded.`completion_tokens`,
		`total_tokens` = `total_tokens` + excluded.`total_tokens`,
		`total_cost_e8` = `total_cost_e8` + excluded.`total_cost_e8`;
END;
--> statement-breakpoint
CREATE TRIGGER `usage_daily_rollup_delete` AFTER DELETE ON `openai_usage` BEGIN
	UPDATE `usage_daily_rollup` SET
		`calls` = `calls` - 1,
		`prompt_tokens` = `prompt_tokens` - old.`prompt_tokens`,
		`completion_tokens` = `completion_tokens` - old.`completion_tokens`,
		`total_tokens` = `total_tokens` - old.`total_tokens`,
		`total_cost_e8` = `total_cost_e8` - cast(round(cast(old.`total_cost` as real) * 100000000) as integer)
	WHERE `twilio_account_id` = old.`twilio_account_id` AND `day` = date(old.`created_at` / 1000 + (case when old.`created_at` / 1000 >= cast(strftime('%s', strftime('%Y', old.`created_at` / 1000, 'unixepoch') || '-04-01', 'weekday 0', '-7 days', '+1 hour') as integer) and old.`created_at` / 1000 < cast(strftime('%s', strftime('%Y', old.`created_at` / 1000, 'unixepoch') || '-11-01', 'weekday 0', '-7 days', '+1 hour') as integer) then 7200 else 3600 end), 'unixepoch') AND `model` = old.`model` AND `operation_type` = old.`operation_type`;
	DELETE FROM `usage_daily_rollup` WHERE `twilio_account_id` = old.`twilio_account_id` AND `day` = date(old.`created_at` / 1000 + (case when old.`created_at` / 1000 >= cast(strftime('%s', strftime('%Y', old.`created_at` / 1000, 'unixepoch') || '-04-01', 'weekday 0', '-7 days', '+1 hour') as integer) and old.`created_at` / 1000 < cast(strftime('%s', strftime('%Y', old.`created_at` / 1000, 'unixepoch') || '-11-01', 'weekday 0', '-7 days', '+1 hour') as integer) then 7200 else 3600 end), 'unixepoch') AND `model` = old.`model` AND `operation_type` = old.`operation_type` AND `calls` <= 0;
END;
--> statement-breakpoint
CREATE TRIGGER `usage_daily_rollup_update` AFTER UPDATE OF `twilio_account_id`, `model`, `operation_type`, `prompt_tokens`, `completion_tokens`, `total_tokens`, `total_cost`, `created_at` ON `openai_usage` BEGIN
	UPDATE `usage_daily_rollup` SET
		`calls` = `calls` - 1,
		`prompt_tokens` = `prompt_tokens` - old.`prompt_tokens`,
		`completion_tokens` = `completion_tokens` - old.`completion_tokens`,
		`total_tokens` = `total_tokens` - old.`total_tokens`,
		`total_cost_e8` = `total_cost_e8` - cast(round(cast(old.`total_cost` as real) * 100000000) as integer)
	WHERE `twilio_account_id` = old.`twilio_account_id` AND `day` = date(old.`created_at` / 1000 + (case when old.`created_at` / 1000 >= cast(strftime('%s', strftime('%Y', old.`created_at` / 1000, 'unixepoch') || '-04-01', 'weekday 0', '-7 days', '+1 hour') as integer) and old.`created_at` / 1000 < cast(strftime('%s', strftime('%Y', old.`created_at` / 1000, 'unixepoch') || '-11-01', 'weekday 0', '-7 days', '+1 hour') as integer) then 7200 else 3600 end), 'unixepoch') AND `model` = old.`model` AND `operation_type` = old.`operation_type`;
	DELETE FROM `usage_daily_rollup` WHERE `twilio_account_id` = old.`twilio_account_id` AND `day` = date(old.`created_at` / 1000 + (case when old.`created_at` / 1000 >= cast(strftime('%s', strftime('%Y', old.`created_at` / 1000, 'unixepoch') || '-04-01', 'weekday 0', '-7 days', '+1 hour') as integer) and old.`created_at` / 1000 < cast(strftime('%s', strftime('%Y', old.`created_at` / 1000, 'unixepoch') || '-11-01', 'weekday 0', '-7 days', '+1 hour') as integer) then 7200 else 3600 end), 'unixepoch') AND `model` = old.`model` AND `operation_type` = old.`operation_type` AND `calls` <= 0;
	INSERT INTO `usage_daily_rollup` (`twilio_account_id`, `day`, `model`, `operation_type`, `calls`, `prompt_tokens`, `completion_tokens`, `total_tokens`, `total_cost_e8`)
	SELECT new.`twilio_account_id`, date(new.`created_at` / 1000 + (case when new.`created_at` / 1000 >= cast(strftime('%s', strftime('%Y', new.`created_at` / 1000, 'unixepoch') || '-04-01', 'weekday 0', '-7 days', '+1 hour') as integer) and new.`created_at` / 1000 < cast(strftime('%s', strftime('%Y', new.`created_at` / 1000, 'unixepoch') || '-11-01', 'weekday 0', '-7 days', '+1 hour') as integer) then 7200 else 3600 end), 'unixepoch'), new.`model`, new.`operation_type`, 1, new.`prompt_tokens`, new.`completion_tokens`, new.`total_tokens`, cast(round(cast(new.`total_cost` as real) * 100000000) as integer)
	WHERE new.`twilio_account_id` IS NOT NULL
	ON CONFLICT (`twilio_account_id`, `day`, `model`, `operation_type`) DO UPDATE SET
		`calls` = `calls` + excluded.`calls`,
		`prompt_tokens` = `prompt_tokens` + excluded.`prompt_tokens`,
		`completion_tokens` = `completion_tokens` + excluded.`completion_tokens`,
		`total_tokens` = `total_tokens` + excluded.`total_tokens`,
		`total_cost_e8` = `total_cost_e8` + excluded.`total_cost_e8`;
END;
--> statement-breakpoint
-- Backfill: the rollup of the usage rows already stored (the migration runs as one batch, so no row
-- is written between this and the triggers above).
INSERT INTO `usage_daily_rollup` (`twilio_account_id`, `day`, `model`, `operation_type`, `calls`, `prompt_tokens`, `completion_tokens`, `total_tokens`, `total_cost_e8`)
SELECT `twilio_account_id`, date(`created_at` / 1000 + (case when `created_at` / 1000 >= cast(strftime('%s', strftime('%Y', `created_at` / 1000, 'unixepoch') || '-04-01', 'weekday 0', '-7 days', '+1 hour') as integer) and `created_at` / 1000 < cast(strftime('%s', strftime('%Y', `created_at` / 1000, 'unixepoch') || '-11-01', 'weekday 0', '-7 days', '+1 hour') as integer) then 7200 else 3600 end), 'unixepoch') AS `rome_day`, `model`, `operation_type`, count(*), sum(`prompt_tokens`), sum(`completion_tokens`), sum(`total_tokens`), sum(cast(round(cast(`total_cost` as real) * 100000000) as integer))
FROM `openai_usage`
WHERE `twilio_account_id` IS NOT NULL
GROUP BY `twilio_account_id`, `rome_day`, `model`, `operation_type`;
