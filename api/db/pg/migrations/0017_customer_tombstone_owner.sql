-- The customers' and price lists' tombstones name their team: record_tombstone reads the owner from the column its
-- second argument names (see 0001), which the triggers of 0016 left out, so every deletion failed on the tombstone's
-- missing owner.
DROP TRIGGER "customers_tombstone" ON "customers";
--> statement-breakpoint
CREATE TRIGGER "customers_tombstone" AFTER DELETE ON "customers" FOR EACH ROW EXECUTE FUNCTION record_tombstone('customer', 'user_id');
--> statement-breakpoint
DROP TRIGGER "price_lists_tombstone" ON "price_lists";
--> statement-breakpoint
CREATE TRIGGER "price_lists_tombstone" AFTER DELETE ON "price_lists" FOR EACH ROW EXECUTE FUNCTION record_tombstone('priceList', 'user_id');
