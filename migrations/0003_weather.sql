CREATE TABLE `weather_reports` (
	`id` text PRIMARY KEY NOT NULL,
	`twilio_account_id` text NOT NULL,
	`city` text NOT NULL,
	`latitude` real NOT NULL,
	`longitude` real NOT NULL,
	`temperature_c` real,
	`weather_code` integer,
	`wind_kmh` real,
	`fetched_at` integer,
	`error` text,
	FOREIGN KEY (`twilio_account_id`) REFERENCES `twilio_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `weather_reports_account_city_uq` ON `weather_reports` (`twilio_account_id`,`city`);