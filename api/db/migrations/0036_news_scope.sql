-- Whose business each queued email and push tells (a team's, and one customer's of its book): the sender asks again, before sending, whether its recipient still hears of it.
ALTER TABLE `mail_outbox` ADD `team_id` text;
--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `customer_id` text;
--> statement-breakpoint
ALTER TABLE `push_outbox` ADD `team_id` text;
--> statement-breakpoint
ALTER TABLE `push_outbox` ADD `customer_id` text;
