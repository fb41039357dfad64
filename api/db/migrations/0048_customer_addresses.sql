-- A customer entry keeps a contact phone, a billing address and a shipping address (or "same as billing"), which the
-- invoice prints as its Bill To and Ship To.
ALTER TABLE `customers` ADD `phone_number` text;--> statement-breakpoint
ALTER TABLE `customers` ADD `billing_line1` text;--> statement-breakpoint
ALTER TABLE `customers` ADD `billing_line2` text;--> statement-breakpoint
ALTER TABLE `customers` ADD `billing_city` text;--> statement-breakpoint
ALTER TABLE `customers` ADD `billing_state` text;--> statement-breakpoint
ALTER TABLE `customers` ADD `billing_zip_code` text;--> statement-breakpoint
ALTER TABLE `customers` ADD `shipping_same_as_billing` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `customers` ADD `shipping_line1` text;--> statement-breakpoint
ALTER TABLE `customers` ADD `shipping_line2` text;--> statement-breakpoint
ALTER TABLE `customers` ADD `shipping_city` text;--> statement-breakpoint
ALTER TABLE `customers` ADD `shipping_state` text;--> statement-breakpoint
ALTER TABLE `customers` ADD `shipping_zip_code` text;--> statement-breakpoint
-- Devices pull every entry again, with its (empty) addresses.
UPDATE `sync_clock` SET `version` = `version` + 1 WHERE `id` = 1;--> statement-breakpoint
UPDATE `customers` SET `version` = (SELECT `version` FROM `sync_clock` WHERE `id` = 1);
