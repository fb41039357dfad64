CREATE TABLE `photos` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`sha256` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`purpose` text NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "photos_purpose_check" CHECK("photos"."purpose" in ('product', 'profile', 'lab-result'))
);
--> statement-breakpoint
CREATE INDEX `photos_user_version` ON `photos` (`user_id`,`version`);--> statement-breakpoint
CREATE INDEX `photos_sha256` ON `photos` (`sha256`);--> statement-breakpoint
ALTER TABLE `products` ADD `photo_ids` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `lab_result_id` text;