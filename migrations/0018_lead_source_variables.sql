-- Lead sources choose the values of their template's {{n}} (issue 14): the bindings, and on each lead
-- the reason its source's template was not sent to it (a variable without a value), shown in Lead.
ALTER TABLE `lead_sources` ADD `template_variables` text;
--> statement-breakpoint
ALTER TABLE `leads` ADD `template_blocked` text;
--> statement-breakpoint
-- Sources sent {{1}} as the lead's name before: that choice is kept. {{2}} was a guess (the company or
-- the account's name) and is left for the user to choose; until then the template is not sent.
UPDATE `lead_sources` SET `template_variables` = '{"1":{"source":"field","field":"nome"}}'
WHERE `template_id` IN (SELECT `id` FROM `templates` WHERE `whatsapp_content` LIKE '%{{1}}%');
