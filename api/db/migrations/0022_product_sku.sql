ALTER TABLE `products` ADD `sku` text;--> statement-breakpoint
CREATE UNIQUE INDEX `products_owner_sku` ON `products` (`user_id`,`sku`);
