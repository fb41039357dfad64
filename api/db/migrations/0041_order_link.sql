-- The link a buyer ordered through, so that reordering goes through it as every other path to the menu does. Orders
-- so far take the link of the conversation they began in, else the link their menu has today.
ALTER TABLE `orders` ADD `link_id` text;--> statement-breakpoint
UPDATE `orders` SET `link_id` = coalesce(
  (SELECT `link_id` FROM `inquiries` WHERE `inquiries`.`id` = `orders`.`inquiry_id`),
  (SELECT `public_link_id` FROM `menus` WHERE `menus`.`id` = `orders`.`menu_id`)
) WHERE `menu_id` IS NOT NULL;
