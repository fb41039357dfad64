CREATE TABLE `menu_items` (
	`menu_id` text NOT NULL,
	`product_id` text NOT NULL,
	`position` integer NOT NULL,
	PRIMARY KEY(`menu_id`, `product_id`),
	FOREIGN KEY (`menu_id`) REFERENCES `menus`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `menu_items_product` ON `menu_items` (`product_id`);--> statement-breakpoint
CREATE TABLE `menus` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`public_link_id` text NOT NULL,
	`is_public` integer DEFAULT false NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `menus_public_link_id_unique` ON `menus` (`public_link_id`);--> statement-breakpoint
CREATE INDEX `menus_user_version` ON `menus` (`user_id`,`version`);--> statement-breakpoint
CREATE INDEX `menus_public_updated` ON `menus` (`is_public`,`updated_at`);--> statement-breakpoint
CREATE TABLE `products` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`strain_name` text NOT NULL,
	`description` text,
	`category` text DEFAULT 'flower' NOT NULL,
	`thc_hundredths` integer,
	`cbd_hundredths` integer,
	`price_cents` integer,
	`unit_type` text DEFAULT 'oz' NOT NULL,
	`available_thousandths` integer DEFAULT 0 NOT NULL,
	`lot_size` integer DEFAULT 1 NOT NULL,
	`photo_url` text,
	`version` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "products_category_check" CHECK("products"."category" in ('flower', 'preroll', 'concentrate', 'edible', 'vape', 'topical')),
	CONSTRAINT "products_unit_type_check" CHECK("products"."unit_type" in ('lb', 'oz', 'g', 'unit')),
	CONSTRAINT "products_thc_check" CHECK("products"."thc_hundredths" between 0 and 10000),
	CONSTRAINT "products_cbd_check" CHECK("products"."cbd_hundredths" between 0 and 10000),
	CONSTRAINT "products_price_check" CHECK("products"."price_cents" >= 0),
	CONSTRAINT "products_available_check" CHECK("products"."available_thousandths" >= 0),
	CONSTRAINT "products_lot_size_check" CHECK("products"."lot_size" >= 1)
);
--> statement-breakpoint
CREATE INDEX `products_user_version` ON `products` (`user_id`,`version`);--> statement-breakpoint
CREATE TABLE `saved_menus` (
	`id` text PRIMARY KEY NOT NULL,
	`buyer_user_id` text NOT NULL,
	`menu_id` text NOT NULL,
	`notes` text,
	`tags` text DEFAULT '[]' NOT NULL,
	`is_favorite` integer DEFAULT false NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`buyer_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`menu_id`) REFERENCES `menus`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `saved_menus_buyer_menu` ON `saved_menus` (`buyer_user_id`,`menu_id`);--> statement-breakpoint
CREATE INDEX `saved_menus_buyer_version` ON `saved_menus` (`buyer_user_id`,`version`);--> statement-breakpoint
CREATE INDEX `saved_menus_menu` ON `saved_menus` (`menu_id`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`sid` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`sess` text NOT NULL,
	`expire` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_id` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_expire` ON `sessions` (`expire`);--> statement-breakpoint
CREATE TABLE `sync_clock` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	CONSTRAINT "sync_clock_single_row" CHECK("sync_clock"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE `tombstones` (
	`entity` text NOT NULL,
	`entity_id` text NOT NULL,
	`user_id` text NOT NULL,
	`version` integer NOT NULL,
	PRIMARY KEY(`entity`, `entity_id`)
);
--> statement-breakpoint
CREATE INDEX `tombstones_user_version` ON `tombstones` (`user_id`,`version`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`firebase_uid` text,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`first_name` text,
	`last_name` text,
	`profile_image_url` text,
	`role` text NOT NULL,
	`business_name` text,
	`business_type` text,
	`license_number` text,
	`contact_info` text,
	`company_name` text,
	`address` text,
	`city` text,
	`state` text,
	`zip_code` text,
	`phone_number` text,
	`stripe_customer_id` text,
	`stripe_subscription_id` text,
	`subscription_status` text DEFAULT 'trial' NOT NULL,
	`trial_ends_at` integer,
	`disabled_at` integer,
	`version` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "users_role_check" CHECK("users"."role" in ('seller', 'buyer', 'admin')),
	CONSTRAINT "users_subscription_status_check" CHECK("users"."subscription_status" in ('trial', 'active', 'canceled', 'past_due'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_firebase_uid_unique` ON `users` (`firebase_uid`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (lower("email"));--> statement-breakpoint
CREATE INDEX `users_created_at` ON `users` (`created_at`);