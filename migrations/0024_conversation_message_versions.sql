-- Each conversation's thread version: a count of the changes to what its thread shows (its messages and
-- their attachments), kept by triggers in the same statement as every write to a shown column. An isolate
-- that holds a page of the thread read at the conversation's current version answers it without reading
-- the rows again (worker/features/conversations/service.ts).
-- Hand-written: drizzle-kit does not model triggers. A conversation without a row is at version 0; every
-- conversation has one from here on, so that a write that only updates (below) always finds it.
CREATE TABLE `conversation_message_versions` (
	`conversation_id` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `conversation_message_versions` (`conversation_id`, `version`)
	SELECT `id`, 1 FROM `conversations`;
--> statement-breakpoint
CREATE TRIGGER `conversation_message_versions_insert` AFTER INSERT ON `messages` BEGIN
	INSERT INTO `conversation_message_versions` (`conversation_id`, `version`) VALUES (new.`conversation_id`, 1)
	ON CONFLICT (`conversation_id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
-- An update, never an insert: the messages deleted with their conversation find its version gone, and an
-- insert would point at a conversation that no longer is.
CREATE TRIGGER `conversation_message_versions_delete` AFTER DELETE ON `messages` BEGIN
	UPDATE `conversation_message_versions` SET `version` = `version` + 1 WHERE `conversation_id` = old.`conversation_id`;
END;
--> statement-breakpoint
-- The columns the thread shows (conversations/repo.ts apiMessageColumns); both conversations when a
-- message moves. The send bookkeeping (attempts, claims) moves nothing.
CREATE TRIGGER `conversation_message_versions_update` AFTER UPDATE OF `id`, `conversation_id`, `content`, `is_from_bot`, `sender`, `twilio_message_id`, `status`, `error_code`, `error_message`, `template_sid`, `sources`, `created_at`, `location`, `button` ON `messages` BEGIN
	UPDATE `conversation_message_versions` SET `version` = `version` + 1 WHERE `conversation_id` = old.`conversation_id`;
	INSERT INTO `conversation_message_versions` (`conversation_id`, `version`) SELECT new.`conversation_id`, 1 WHERE new.`conversation_id` <> old.`conversation_id`
	ON CONFLICT (`conversation_id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
-- A message's attachments, as the thread embeds them (media/repo.ts mediaJsonColumn).
CREATE TRIGGER `conversation_message_versions_media_insert` AFTER INSERT ON `message_media` BEGIN
	INSERT INTO `conversation_message_versions` (`conversation_id`, `version`) VALUES (new.`conversation_id`, 1)
	ON CONFLICT (`conversation_id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `conversation_message_versions_media_delete` AFTER DELETE ON `message_media` BEGIN
	UPDATE `conversation_message_versions` SET `version` = `version` + 1 WHERE `conversation_id` = old.`conversation_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `conversation_message_versions_media_update` AFTER UPDATE OF `id`, `message_id`, `conversation_id`, `position`, `content_type`, `size`, `file_name`, `status`, `failure_reason`, `transcript` ON `message_media` BEGIN
	UPDATE `conversation_message_versions` SET `version` = `version` + 1 WHERE `conversation_id` = old.`conversation_id`;
	INSERT INTO `conversation_message_versions` (`conversation_id`, `version`) SELECT new.`conversation_id`, 1 WHERE new.`conversation_id` <> old.`conversation_id`
	ON CONFLICT (`conversation_id`) DO UPDATE SET `version` = `version` + 1;
END;
