CREATE TABLE `menu_product_open_days` (
	`menu_id` text NOT NULL,
	`product_id` text NOT NULL,
	`day` text NOT NULL,
	`opens` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`menu_id`, `product_id`, `day`),
	FOREIGN KEY (`menu_id`) REFERENCES `menus`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `sync_clock_marks` (
	`at` integer PRIMARY KEY NOT NULL,
	`version` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `menus` ADD `link_expires_at` text;--> statement-breakpoint
ALTER TABLE `saved_menus` ADD `digested_stamp` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `sync_clock` ADD `tombstones_pruned_through` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `mail_outbox_user_kind` ON `mail_outbox` (`user_id`,`kind`,`created_at`);