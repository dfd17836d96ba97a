-- Where each {{n}} of a campaign step's template takes its value (issue 14). Steps saved before this
-- were filled with the lead's first name for {{1}} and the account's name for {{2}}: they keep
-- exactly that, now written down as the step's own choice, so no running campaign changes its text.
ALTER TABLE `funnel_steps` ADD `variable_bindings` text;
--> statement-breakpoint
UPDATE `funnel_steps` SET `variable_bindings` = json_object(
	'1', json_object('source', 'field', 'field', 'nome'),
	'2', json_object('source', 'text', 'value', (
		SELECT a.`name` FROM `lead_campaigns` c JOIN `twilio_accounts` a ON a.`id` = c.`twilio_account_id`
		WHERE c.`id` = `funnel_steps`.`campaign_id`
	))
) WHERE `template_sid` IS NOT NULL;
--> statement-breakpoint
-- Calendar reminders: the event's title for {{1}} and its time for {{2}}, as they were sent until now.
ALTER TABLE `calendar_events` ADD `notification_variables` text;
--> statement-breakpoint
UPDATE `calendar_events` SET `notification_variables` = json_object(
	'1', json_object('source', 'event', 'field', 'title'),
	'2', json_object('source', 'event', 'field', 'time')
) WHERE `notification_template_id` IS NOT NULL;
--> statement-breakpoint
-- The model that analyses customer feedback, per account (it was always gpt-3.5-turbo).
ALTER TABLE `twilio_accounts` ADD `feedback_model` text DEFAULT 'gpt-3.5-turbo' NOT NULL;
