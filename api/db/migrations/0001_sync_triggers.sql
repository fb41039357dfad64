-- The change clock starts at 0; every write transaction bumps it once before writing.
INSERT INTO `sync_clock` (`id`, `version`) VALUES (1, 0);
--> statement-breakpoint
-- Deleting a replicated row, directly or by a cascade, leaves a tombstone stamped with the current clock.
CREATE TRIGGER `products_tombstone` AFTER DELETE ON `products` BEGIN
  INSERT OR REPLACE INTO `tombstones` (`entity`, `entity_id`, `user_id`, `version`)
  VALUES ('product', OLD.`id`, OLD.`user_id`, (SELECT `version` FROM `sync_clock` WHERE `id` = 1));
END;
--> statement-breakpoint
CREATE TRIGGER `menus_tombstone` AFTER DELETE ON `menus` BEGIN
  INSERT OR REPLACE INTO `tombstones` (`entity`, `entity_id`, `user_id`, `version`)
  VALUES ('menu', OLD.`id`, OLD.`user_id`, (SELECT `version` FROM `sync_clock` WHERE `id` = 1));
END;
--> statement-breakpoint
CREATE TRIGGER `saved_menus_tombstone` AFTER DELETE ON `saved_menus` BEGIN
  INSERT OR REPLACE INTO `tombstones` (`entity`, `entity_id`, `user_id`, `version`)
  VALUES ('savedMenu', OLD.`id`, OLD.`buyer_user_id`, (SELECT `version` FROM `sync_clock` WHERE `id` = 1));
END;
