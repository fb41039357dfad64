CREATE TABLE `menu_view_days` (
	`menu_id` text NOT NULL,
	`day` text NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`menu_id`, `day`),
	FOREIGN KEY (`menu_id`) REFERENCES `menus`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `menu_view_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`menu_id` text NOT NULL,
	`visitor_key` text NOT NULL,
	`user_id` text,
	`viewed_at` integer NOT NULL,
	FOREIGN KEY (`menu_id`) REFERENCES `menus`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `menu_view_events_menu_time` ON `menu_view_events` (`menu_id`,`viewed_at`);--> statement-breakpoint
CREATE INDEX `menu_view_events_menu_user` ON `menu_view_events` (`menu_id`,`user_id`,`viewed_at`) WHERE "menu_view_events"."user_id" is not null;--> statement-breakpoint
CREATE TABLE `menu_visitors` (
	`menu_id` text NOT NULL,
	`visitor_key` text NOT NULL,
	`user_id` text,
	`first_viewed_at` integer NOT NULL,
	`last_viewed_at` integer NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`menu_id`, `visitor_key`),
	FOREIGN KEY (`menu_id`) REFERENCES `menus`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `menu_visitors_menu_last` ON `menu_visitors` (`menu_id`,`last_viewed_at`);--> statement-breakpoint
CREATE TABLE `seller_events` (
	`id` text PRIMARY KEY NOT NULL,
	`seller_id` text NOT NULL,
	`kind` text NOT NULL,
	`menu_id` text NOT NULL,
	`buyer_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`read_at` integer,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`menu_id`) REFERENCES `menus`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`buyer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "seller_events_kind_check" CHECK("seller_events"."kind" in ('menu_opened', 'menu_saved'))
);
--> statement-breakpoint
CREATE INDEX `seller_events_seller_time` ON `seller_events` (`seller_id`,`created_at`);--> statement-breakpoint
DROP TABLE `menu_views`;