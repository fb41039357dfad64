-- SQLite cannot change a CHECK constraint in place: the table is rebuilt with the new actions and the target's email,
-- which old entries take from the account as it is now, the nearest there is to what it was.
CREATE TABLE `__new_audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer NOT NULL,
	`actor_id` text,
	`actor_email` text NOT NULL,
	`action` text NOT NULL,
	`target_id` text,
	`target_email` text,
	`detail` text,
	`client_address` text NOT NULL,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`target_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "audit_log_action_check" CHECK("action" in ('customer.disable', 'customer.enable', 'customer.role', 'customer.extend_trial', 'customer.view', 'admin.sign_in', 'admin.sign_in_failed', 'admin.password_change', 'admin.email_change', 'admin.account_close'))
);
--> statement-breakpoint
INSERT INTO `__new_audit_log` (`id`, `at`, `actor_id`, `actor_email`, `action`, `target_id`, `target_email`, `detail`, `client_address`)
	SELECT `audit_log`.`id`, `audit_log`.`at`, `audit_log`.`actor_id`, `audit_log`.`actor_email`, `audit_log`.`action`, `audit_log`.`target_id`, `users`.`email`, `audit_log`.`detail`, `audit_log`.`client_address`
	FROM `audit_log` LEFT JOIN `users` ON `users`.`id` = `audit_log`.`target_id`;
--> statement-breakpoint
DROP TABLE `audit_log`;
--> statement-breakpoint
ALTER TABLE `__new_audit_log` RENAME TO `audit_log`;
--> statement-breakpoint
CREATE INDEX `audit_log_at` ON `audit_log` (`at`,`id`);
--> statement-breakpoint
CREATE INDEX `audit_log_target_at` ON `audit_log` (`target_id`,`at`,`id`);
