-- A saved copy outlives its menu when the seller closes their account: it keeps the menu's name and the seller's
-- business name as they were, so the menu reference no longer cascades. SQLite cannot drop a foreign key in place,
-- so the table is rebuilt (its tombstone trigger goes with it and is made again).
CREATE TABLE `saved_menus_new` (
	`id` text PRIMARY KEY NOT NULL,
	`buyer_user_id` text NOT NULL,
	`menu_id` text NOT NULL,
	`notes` text,
	`tags` text DEFAULT '[]' NOT NULL,
	`is_favorite` integer DEFAULT false NOT NULL,
	`last_seen_stamp` integer DEFAULT 0 NOT NULL,
	`digested_stamp` integer DEFAULT 0 NOT NULL,
	`link_id` text,
	`seen_menu` text,
	`withdrawn_at` integer,
	`withdrawn_menu_name` text,
	`withdrawn_seller_name` text,
	`version` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`buyer_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `saved_menus_new` (`id`, `buyer_user_id`, `menu_id`, `notes`, `tags`, `is_favorite`, `last_seen_stamp`, `digested_stamp`, `link_id`, `seen_menu`, `version`, `created_at`, `updated_at`)
SELECT `id`, `buyer_user_id`, `menu_id`, `notes`, `tags`, `is_favorite`, `last_seen_stamp`, `digested_stamp`, `link_id`, `seen_menu`, `version`, `created_at`, `updated_at` FROM `saved_menus`;
--> statement-breakpoint
DROP TABLE `saved_menus`;
--> statement-breakpoint
ALTER TABLE `saved_menus_new` RENAME TO `saved_menus`;
--> statement-breakpoint
CREATE UNIQUE INDEX `saved_menus_buyer_menu` ON `saved_menus` (`buyer_user_id`,`menu_id`);--> statement-breakpoint
CREATE INDEX `saved_menus_buyer_version` ON `saved_menus` (`buyer_user_id`,`version`);--> statement-breakpoint
CREATE INDEX `saved_menus_menu` ON `saved_menus` (`menu_id`);--> statement-breakpoint
CREATE TRIGGER `saved_menus_tombstone` AFTER DELETE ON `saved_menus` BEGIN
  INSERT OR REPLACE INTO `tombstones` (`entity`, `entity_id`, `user_id`, `version`)
  VALUES ('savedMenu', OLD.`id`, OLD.`buyer_user_id`, (SELECT `version` FROM `sync_clock` WHERE `id` = 1));
END;
