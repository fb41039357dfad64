-- A customer entry links to a buyer's team only on proof (a confirmed address, or the seller's invitation accepted), and the buyer's consent is kept apart from the link.
ALTER TABLE `customers` ADD `buyer_consent_at` integer;
--> statement-breakpoint
ALTER TABLE `customers` ADD `invited_at` integer;
--> statement-breakpoint
CREATE TABLE `customer_invitations` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`customer_id` text NOT NULL,
	`seller_id` text NOT NULL,
	`email` text,
	`order_id` text,
	`expires_at` integer NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	`accepted_at` integer,
	`accepted_by` text,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`accepted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `customer_invitations_customer` ON `customer_invitations` (`customer_id`);
--> statement-breakpoint
CREATE INDEX `customer_invitations_seller_created` ON `customer_invitations` (`seller_id`,`created_at`);
--> statement-breakpoint
CREATE TABLE `registration_claims` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`profile` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `registration_claims_email` ON `registration_claims` (lower(`email`),`created_at`);
--> statement-breakpoint
-- An entry whose buyer team already dealt with the seller (saved one of its menus, wrote to it, ordered from a menu) has its consent.
UPDATE `customers` SET `buyer_consent_at` = `updated_at`
WHERE `buyer_team_id` IS NOT NULL AND (
  EXISTS (SELECT 1 FROM `saved_menus` AS s JOIN `menus` AS m ON m.`id` = s.`menu_id` WHERE s.`buyer_user_id` = `customers`.`buyer_team_id` AND m.`user_id` = `customers`.`user_id`)
  OR EXISTS (SELECT 1 FROM `inquiries` AS i WHERE i.`buyer_id` = `customers`.`buyer_team_id` AND i.`seller_id` = `customers`.`user_id`)
  OR EXISTS (SELECT 1 FROM `orders` AS o WHERE o.`buyer_id` = `customers`.`buyer_team_id` AND o.`seller_id` = `customers`.`user_id` AND o.`menu_id` IS NOT NULL)
);
--> statement-breakpoint
-- Any other was linked by an address nobody had to prove: it stays linked, for prices only, where a member of the team confirmed that address.
UPDATE `customers` SET `buyer_team_id` = NULL
WHERE `buyer_team_id` IS NOT NULL AND `buyer_consent_at` IS NULL AND NOT EXISTS (
  SELECT 1 FROM `users` AS u JOIN `team_members` AS tm ON tm.`user_id` = u.`id`
  WHERE tm.`team_id` = `customers`.`buyer_team_id` AND u.`email_confirmed_at` IS NOT NULL AND lower(u.`email`) = `customers`.`email`
);
--> statement-breakpoint
-- Devices pull every entry again, with its link state.
UPDATE `sync_clock` SET `version` = `version` + 1 WHERE `id` = 1;
--> statement-breakpoint
UPDATE `customers` SET `version` = (SELECT `version` FROM `sync_clock` WHERE `id` = 1);
