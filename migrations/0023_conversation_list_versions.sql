-- Each account's conversation list version: a count of the changes to what its conversation lists show,
-- kept by triggers in the same statement as every write to a conversation's listed columns, to an opt-out
-- or to a conversation's labels. An isolate that holds a list page read at the account's current version
-- answers it without reading the rows again (worker/features/conversations/service.ts).
-- Hand-written: drizzle-kit does not model triggers. An account without a row is at version 0.
CREATE TABLE `conversation_list_versions` (
	`twilio_account_id` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`twilio_account_id`) REFERENCES `twilio_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `conversation_list_versions` (`twilio_account_id`, `version`)
	SELECT `id`, 1 FROM `twilio_accounts`;
--> statement-breakpoint
CREATE TRIGGER `conversation_list_versions_insert` AFTER INSERT ON `conversations` BEGIN
	INSERT INTO `conversation_list_versions` (`twilio_account_id`, `version`) VALUES (new.`twilio_account_id`, 1)
	ON CONFLICT (`twilio_account_id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
-- An update, never an insert: a conversation deleted with its account finds no version to keep.
CREATE TRIGGER `conversation_list_versions_delete` AFTER DELETE ON `conversations` BEGIN
	UPDATE `conversation_list_versions` SET `version` = `version` + 1 WHERE `twilio_account_id` = old.`twilio_account_id`;
END;
--> statement-breakpoint
-- The columns the lists show, filter or order by (conversations/repo.ts apiColumns); both accounts when
-- a conversation moves. The counters and links the lists do not show move nothing.
CREATE TRIGGER `conversation_list_versions_update` AFTER UPDATE OF `id`, `twilio_account_id`, `customer_name`, `customer_company`, `phone_number`, `last_message`, `last_message_at`, `last_read_at`, `last_inbound_at`, `created_at`, `status`, `operator_mode`, `ai_status`, `ai_error`, `channel`, `archived_at`, `assigned_user_id`, `template_sid`, `template_name`, `template_category` ON `conversations` BEGIN
	UPDATE `conversation_list_versions` SET `version` = `version` + 1 WHERE `twilio_account_id` = old.`twilio_account_id`;
	INSERT INTO `conversation_list_versions` (`twilio_account_id`, `version`) SELECT new.`twilio_account_id`, 1 WHERE new.`twilio_account_id` <> old.`twilio_account_id`
	ON CONFLICT (`twilio_account_id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
-- An opt-out shows on every conversation of its number.
CREATE TRIGGER `conversation_list_versions_opt_out_insert` AFTER INSERT ON `opt_outs` BEGIN
	INSERT INTO `conversation_list_versions` (`twilio_account_id`, `version`) VALUES (new.`twilio_account_id`, 1)
	ON CONFLICT (`twilio_account_id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `conversation_list_versions_opt_out_delete` AFTER DELETE ON `opt_outs` BEGIN
	UPDATE `conversation_list_versions` SET `version` = `version` + 1 WHERE `twilio_account_id` = old.`twilio_account_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `conversation_list_versions_opt_out_update` AFTER UPDATE OF `twilio_account_id`, `phone_number` ON `opt_outs` BEGIN
	UPDATE `conversation_list_versions` SET `version` = `version` + 1 WHERE `twilio_account_id` = old.`twilio_account_id`;
	INSERT INTO `conversation_list_versions` (`twilio_account_id`, `version`) SELECT new.`twilio_account_id`, 1 WHERE new.`twilio_account_id` <> old.`twilio_account_id`
	ON CONFLICT (`twilio_account_id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
-- A conversation's labels (its label ids in the lists, and the label filter); a label deleted takes its
-- links with it, which fires these too.
CREATE TRIGGER `conversation_list_versions_label_insert` AFTER INSERT ON `conversation_label_links` BEGIN
	UPDATE `conversation_list_versions` SET `version` = `version` + 1
	WHERE `twilio_account_id` = (SELECT `twilio_account_id` FROM `conversations` WHERE `id` = new.`conversation_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `conversation_list_versions_label_delete` AFTER DELETE ON `conversation_label_links` BEGIN
	UPDATE `conversation_list_versions` SET `version` = `version` + 1
	WHERE `twilio_account_id` = (SELECT `twilio_account_id` FROM `conversations` WHERE `id` = old.`conversation_id`);
END;
