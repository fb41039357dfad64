ALTER TABLE `menu_visitors` ADD `address_key` text;--> statement-breakpoint
CREATE INDEX `menu_visitors_menu_address` ON `menu_visitors` (`menu_id`,`address_key`,`first_viewed_at`) WHERE "menu_visitors"."address_key" is not null;
