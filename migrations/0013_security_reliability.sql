-- Live sockets by session, user and account, so that revoking any of them reaches the objects holding
-- their sockets. No foreign keys: the rows must outlive the session they name until the object is told.
CREATE TABLE `live_sockets` (
	`id` text PRIMARY KEY NOT NULL,
	`object_kind` text NOT NULL,
	`object_name` text NOT NULL,
	`session_id` text NOT NULL,
	`user_id` text NOT NULL,
	`twilio_account_id` text,
	`opened_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `live_sockets_session_idx` ON `live_sockets` (`session_id`);
--> statement-breakpoint
CREATE INDEX `live_sockets_user_idx` ON `live_sockets` (`user_id`);
--> statement-breakpoint
CREATE INDEX `live_sockets_account_idx` ON `live_sockets` (`twilio_account_id`);
--> statement-breakpoint
-- Set by an administrator's password reset: the user must choose a new password at next sign-in.
ALTER TABLE `users` ADD `must_change_password` integer DEFAULT false NOT NULL;
--> statement-breakpoint
-- The outbox: when a send was last claimed (its lease), and when a call to Twilio began whose outcome is
-- not known yet (a crash or time-out after it may have reached Twilio: reconcile before sending again).
ALTER TABLE `messages` ADD `claimed_at` integer;
--> statement-breakpoint
ALTER TABLE `messages` ADD `twilio_attempt_at` integer;
--> statement-breakpoint
CREATE INDEX `messages_outbox_idx` ON `messages` (`created_at`) WHERE `twilio_message_id` IS NULL AND `status` IN ('queued', 'sending');
