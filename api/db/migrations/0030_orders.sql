-- Orders between a seller team and its buyers, numbered per seller; the order requests made so far become orders.
CREATE TABLE `orders` (
	`id` text PRIMARY KEY NOT NULL,
	`seller_id` text NOT NULL,
	`buyer_id` text,
	`customer_id` text NOT NULL,
	`menu_id` text,
	`inquiry_id` text,
	`number` integer NOT NULL,
	`status` text NOT NULL,
	`resume_status` text,
	`stock_held` integer DEFAULT false NOT NULL,
	`payment_status` text DEFAULT 'unpaid' NOT NULL,
	`lines` text NOT NULL,
	`subtotal_cents` integer NOT NULL,
	`total_cents` integer NOT NULL,
	`amount_paid_cents` integer DEFAULT 0 NOT NULL,
	`payment_terms` text DEFAULT 'cod' NOT NULL,
	`delivered_at` integer,
	`due_at` integer,
	`note` text DEFAULT '' NOT NULL,
	`history` text NOT NULL,
	`payments` text DEFAULT '[]' NOT NULL,
	`created_by` text,
	`updated_by` text,
	`version` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`buyer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`menu_id`) REFERENCES `menus`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`inquiry_id`) REFERENCES `inquiries`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "orders_status_check" CHECK("orders"."status" in ('submitted', 'accepted', 'rejected', 'fulfilled', 'delivered', 'cancelled', 'awaiting_buyer'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_seller_number` ON `orders` (`seller_id`,`number`);
--> statement-breakpoint
CREATE INDEX `orders_seller_version` ON `orders` (`seller_id`,`version`);
--> statement-breakpoint
CREATE INDEX `orders_buyer_version` ON `orders` (`buyer_id`,`version`);
--> statement-breakpoint
CREATE INDEX `orders_customer` ON `orders` (`customer_id`);
--> statement-breakpoint
CREATE TABLE `order_counters` (
	`seller_id` text PRIMARY KEY NOT NULL,
	`last_number` integer NOT NULL,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- The order requests become orders: devices pull them as changed after the clock's next value.
UPDATE `sync_clock` SET `version` = `version` + 1 WHERE `id` = 1;
--> statement-breakpoint
-- Each buyer who sent an order request gets a row in that seller's customer book.
INSERT INTO `customers` (`id`, `user_id`, `name`, `email`, `buyer_team_id`, `license_number`, `version`, `created_at`, `updated_at`)
SELECT lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4' || substr(lower(hex(randomblob(2))), 2) || '-'
    || substr('89ab', 1 + abs(random()) % 4, 1) || substr(lower(hex(randomblob(2))), 2) || '-' || lower(hex(randomblob(6))),
  pairs.`seller_id`, coalesce(nullif(b.`company_name`, ''), nullif(b.`business_name`, ''), nullif(trim(coalesce(b.`first_name`, '') || ' ' || coalesce(b.`last_name`, '')), ''), b.`email`),
  b.`email`, b.`id`, b.`license_number`, (SELECT `version` FROM `sync_clock` WHERE `id` = 1), pairs.`first_at`, pairs.`first_at`
FROM (SELECT `seller_id`, `buyer_id`, min(`created_at`) AS `first_at` FROM `inquiries` WHERE `kind` = 'order' GROUP BY `seller_id`, `buyer_id`) AS pairs
JOIN `users` AS b ON b.`id` = pairs.`buyer_id`
WHERE NOT EXISTS (SELECT 1 FROM `customers` AS c WHERE c.`user_id` = pairs.`seller_id` AND c.`buyer_team_id` = pairs.`buyer_id`);
--> statement-breakpoint
INSERT INTO `orders` (`id`, `seller_id`, `buyer_id`, `customer_id`, `menu_id`, `inquiry_id`, `number`, `status`, `lines`, `subtotal_cents`, `total_cents`,
  `payment_terms`, `history`, `version`, `created_at`, `updated_at`)
SELECT i.`id`, i.`seller_id`, i.`buyer_id`, c.`id`, i.`menu_id`, i.`id`,
  1000 + row_number() OVER (PARTITION BY i.`seller_id` ORDER BY i.`created_at`, i.`id`),
  CASE i.`status` WHEN 'accepted' THEN 'accepted' WHEN 'declined' THEN 'rejected' ELSE 'submitted' END,
  (SELECT json_group_array(json_object('productId', json_extract(item.value, '$.productId'), 'strainName', json_extract(item.value, '$.strainName'),
      'unitType', json_extract(item.value, '$.unitType'), 'quantity', json_extract(item.value, '$.quantity'),
      'unitPrice', coalesce(json_extract(item.value, '$.pricePerUnit'), '0.00'), 'listPrice', json_extract(item.value, '$.pricePerUnit'),
      'lineTotal', coalesce(json_extract(item.value, '$.lineTotal'), '0.00'), 'deliveredQuantity', NULL)) FROM json_each(i.`items`) AS item),
  coalesce(i.`total_cents`, 0), coalesce(i.`total_cents`, 0), c.`payment_terms`,
  json_array(json_object('status', 'submitted', 'at', strftime('%Y-%m-%dT%H:%M:%fZ', i.`created_at` / 1000.0, 'unixepoch'),
      'byName', coalesce(nullif(b.`company_name`, ''), nullif(b.`business_name`, ''), b.`email`))),
  (SELECT `version` FROM `sync_clock` WHERE `id` = 1), i.`created_at`, i.`updated_at`
FROM `inquiries` AS i
JOIN `customers` AS c ON c.`user_id` = i.`seller_id` AND c.`buyer_team_id` = i.`buyer_id`
JOIN `users` AS b ON b.`id` = i.`buyer_id`
WHERE i.`kind` = 'order';
--> statement-breakpoint
-- The seller's answer joins the history, at the time it was last changed.
UPDATE `orders` SET `history` = json_insert(`history`, '$[#]', json_object('status', `status`,
    'at', strftime('%Y-%m-%dT%H:%M:%fZ', `updated_at` / 1000.0, 'unixepoch'),
    'byName', (SELECT coalesce(nullif(s.`business_name`, ''), nullif(s.`company_name`, ''), s.`email`) FROM `users` AS s WHERE s.`id` = `orders`.`seller_id`)))
WHERE `inquiry_id` IS NOT NULL AND `status` <> 'submitted';
--> statement-breakpoint
INSERT INTO `order_counters` (`seller_id`, `last_number`) SELECT `seller_id`, max(`number`) FROM `orders` GROUP BY `seller_id`;
