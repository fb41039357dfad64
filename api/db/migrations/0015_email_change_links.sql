-- A change of address gets its own kind of emailed link, apart from the one confirming the current address:
-- SQLite changes a CHECK constraint only by rebuilding the table.
CREATE TABLE `__new_account_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`purpose` text NOT NULL,
	`email` text,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "account_tokens_purpose_check" CHECK("__new_account_tokens"."purpose" in ('password-reset', 'confirm-email', 'email-change'))
);
--> statement-breakpoint
INSERT INTO `__new_account_tokens` (`token_hash`, `user_id`, `purpose`, `email`, `expires_at`, `used_at`, `created_at`)
SELECT `token_hash`, `user_id`, `purpose`, `email`, `expires_at`, `used_at`, `created_at` FROM `account_tokens`;
--> statement-breakpoint
DROP TABLE `account_tokens`;
--> statement-breakpoint
ALTER TABLE `__new_account_tokens` RENAME TO `account_tokens`;
--> statement-breakpoint
CREATE INDEX `account_tokens_user` ON `account_tokens` (`user_id`,`purpose`);
