DROP INDEX `menus_public_updated`;--> statement-breakpoint
CREATE INDEX `menus_seller_public_updated` ON `menus` (`user_id`,`is_public`,`updated_at`,`id`);--> statement-breakpoint
CREATE INDEX `menus_public_updated` ON `menus` (`is_public`,`updated_at`,`id`);