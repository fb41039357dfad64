-- The query builder writes SQLite's form of an insert that leaves the id to the database: an explicit NULL.
-- Before the row is checked, a NULL id takes the identity's next value, as SQLite's rowid would.
CREATE FUNCTION assign_identity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."id" IS NULL THEN
    NEW."id" := nextval(pg_get_serial_sequence(TG_TABLE_NAME, 'id'));
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_identity" BEFORE INSERT ON "audit_log" FOR EACH ROW EXECUTE FUNCTION assign_identity();
--> statement-breakpoint
CREATE TRIGGER "menu_view_events_identity" BEFORE INSERT ON "menu_view_events" FOR EACH ROW EXECUTE FUNCTION assign_identity();
--> statement-breakpoint
-- A tombstone's owner is read by column name, given as the trigger's second argument: PL/pgSQL resolves every
-- column a CASE names, so one naming saved_menus' buyer_user_id failed on products and menus.
CREATE OR REPLACE FUNCTION record_tombstone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "tombstones" ("entity", "entity_id", "user_id", "version")
  VALUES (TG_ARGV[0], OLD."id", to_jsonb(OLD) ->> TG_ARGV[1], (SELECT "version" FROM "sync_clock" WHERE "id" = 1))
  ON CONFLICT ("entity", "entity_id") DO UPDATE SET "user_id" = EXCLUDED."user_id", "version" = EXCLUDED."version";
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "products_tombstone" ON "products";
--> statement-breakpoint
CREATE TRIGGER "products_tombstone" AFTER DELETE ON "products" FOR EACH ROW EXECUTE FUNCTION record_tombstone('product', 'user_id');
--> statement-breakpoint
DROP TRIGGER "menus_tombstone" ON "menus";
--> statement-breakpoint
CREATE TRIGGER "menus_tombstone" AFTER DELETE ON "menus" FOR EACH ROW EXECUTE FUNCTION record_tombstone('menu', 'user_id');
--> statement-breakpoint
DROP TRIGGER "saved_menus_tombstone" ON "saved_menus";
--> statement-breakpoint
CREATE TRIGGER "saved_menus_tombstone" AFTER DELETE ON "saved_menus" FOR EACH ROW EXECUTE FUNCTION record_tombstone('savedMenu', 'buyer_user_id');
