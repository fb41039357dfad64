-- The order list reads a page newest first: each side of it (as seller, by status, as buyer, a rep's customers) walks an index in that order.
CREATE INDEX `orders_seller_created` ON `orders` (`seller_id`,`created_at`,`number`);
--> statement-breakpoint
CREATE INDEX `orders_seller_status_created` ON `orders` (`seller_id`,`status`,`created_at`,`number`);
--> statement-breakpoint
CREATE INDEX `orders_buyer_created` ON `orders` (`buyer_id`,`created_at`,`number`);
--> statement-breakpoint
DROP INDEX `orders_customer`;
--> statement-breakpoint
CREATE INDEX `orders_customer_created` ON `orders` (`customer_id`,`created_at`,`number`);
--> statement-breakpoint
CREATE INDEX `customers_user_rep` ON `customers` (`user_id`,`rep_user_id`);
