CREATE TABLE `inquiries` (
	`id` text PRIMARY KEY NOT NULL,
	`buyer_id` text NOT NULL,
	`seller_id` text NOT NULL,
	`menu_id` text,
	`menu_name` text NOT NULL,
	`product_id` text,
	`kind` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`items` text DEFAULT '[]' NOT NULL,
	`total_cents` integer,
	`buyer_read_at` integer,
	`seller_read_at` integer,
	`version` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`buyer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`menu_id`) REFERENCES `menus`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "inquiries_kind_check" CHECK("inquiries"."kind" in ('message', 'order')),
	CONSTRAINT "inquiries_status_check" CHECK("inquiries"."status" in ('open', 'accepted', 'declined'))
);
--> statement-breakpoint
CREATE INDEX `inquiries_buyer_version` ON `inquiries` (`buyer_id`,`version`);--> statement-breakpoint
CREATE INDEX `inquiries_seller_version` ON `inquiries` (`seller_id`,`version`);--> statement-breakpoint
CREATE TABLE `inquiry_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`inquiry_id` text NOT NULL,
	`author_id` text NOT NULL,
	`body` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`inquiry_id`) REFERENCES `inquiries`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `inquiry_messages_inquiry` ON `inquiry_messages` (`inquiry_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `saved_menus` ADD `last_seen_stamp` integer DEFAULT 0 NOT NULL;