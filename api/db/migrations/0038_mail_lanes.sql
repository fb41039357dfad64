-- Account mail (a reset, a confirmation, an invitation, a change of address) is sent in a lane of its own, so no backlog of notifications delays it.
ALTER TABLE `mail_outbox` ADD `lane` text DEFAULT 'notification' NOT NULL CONSTRAINT `mail_outbox_lane_check` CHECK(`lane` in ('account', 'notification'));
--> statement-breakpoint
-- Every kind that is not a notification a person may turn off was queued as account mail.
UPDATE `mail_outbox` SET `lane` = 'account' WHERE `kind` NOT IN ('order-request', 'new-message', 'first-menu-view', 'trial-ending', 'payment-failed', 'subscription-canceled', 'seller-reply', 'order-status', 'saved-menus-digest', 'saved-menu-withdrawn');
--> statement-breakpoint
DROP INDEX `mail_outbox_due`;
--> statement-breakpoint
CREATE INDEX `mail_outbox_lane_due` ON `mail_outbox` (`status`,`lane`,`next_attempt_at`);
