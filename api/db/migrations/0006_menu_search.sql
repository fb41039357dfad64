-- Full-text search over menus for browsing: each menu's name, description, seller name and product
-- names in one document, kept current by triggers so every write path (REST, sync, cascades) updates it.
CREATE VIRTUAL TABLE menu_search USING fts5(menu_id UNINDEXED, body, tokenize = 'unicode61 remove_diacritics 2');
--> statement-breakpoint
INSERT INTO menu_search (menu_id, body) SELECT m.id, m.name || ' ' || coalesce(m.description, '') || ' ' || coalesce(u.business_name, '') || ' ' ||
    coalesce((SELECT group_concat(p.strain_name, ' ') FROM menu_items mi JOIN products p ON p.id = mi.product_id WHERE mi.menu_id = m.id), '')
  FROM menus m JOIN users u ON u.id = m.user_id;
--> statement-breakpoint
CREATE TRIGGER menu_search_menu_insert AFTER INSERT ON menus BEGIN
  DELETE FROM menu_search WHERE menu_id IN (SELECT m.id FROM menus m WHERE m.id = NEW.id);
  INSERT INTO menu_search (menu_id, body) SELECT m.id, m.name || ' ' || coalesce(m.description, '') || ' ' || coalesce(u.business_name, '') || ' ' ||
    coalesce((SELECT group_concat(p.strain_name, ' ') FROM menu_items mi JOIN products p ON p.id = mi.product_id WHERE mi.menu_id = m.id), '')
  FROM menus m JOIN users u ON u.id = m.user_id WHERE m.id = NEW.id;
END;
--> statement-breakpoint
CREATE TRIGGER menu_search_menu_update AFTER UPDATE OF name, description ON menus BEGIN
  DELETE FROM menu_search WHERE menu_id IN (SELECT m.id FROM menus m WHERE m.id = NEW.id);
  INSERT INTO menu_search (menu_id, body) SELECT m.id, m.name || ' ' || coalesce(m.description, '') || ' ' || coalesce(u.business_name, '') || ' ' ||
    coalesce((SELECT group_concat(p.strain_name, ' ') FROM menu_items mi JOIN products p ON p.id = mi.product_id WHERE mi.menu_id = m.id), '')
  FROM menus m JOIN users u ON u.id = m.user_id WHERE m.id = NEW.id;
END;
--> statement-breakpoint
CREATE TRIGGER menu_search_menu_delete AFTER DELETE ON menus BEGIN
  DELETE FROM menu_search WHERE menu_id = OLD.id;
END;
--> statement-breakpoint
CREATE TRIGGER menu_search_item_insert AFTER INSERT ON menu_items BEGIN
  DELETE FROM menu_search WHERE menu_id IN (SELECT m.id FROM menus m WHERE m.id = NEW.menu_id);
  INSERT INTO menu_search (menu_id, body) SELECT m.id, m.name || ' ' || coalesce(m.description, '') || ' ' || coalesce(u.business_name, '') || ' ' ||
    coalesce((SELECT group_concat(p.strain_name, ' ') FROM menu_items mi JOIN products p ON p.id = mi.product_id WHERE mi.menu_id = m.id), '')
  FROM menus m JOIN users u ON u.id = m.user_id WHERE m.id = NEW.menu_id;
END;
--> statement-breakpoint
CREATE TRIGGER menu_search_item_delete AFTER DELETE ON menu_items BEGIN
  DELETE FROM menu_search WHERE menu_id IN (SELECT m.id FROM menus m WHERE m.id = OLD.menu_id);
  INSERT INTO menu_search (menu_id, body) SELECT m.id, m.name || ' ' || coalesce(m.description, '') || ' ' || coalesce(u.business_name, '') || ' ' ||
    coalesce((SELECT group_concat(p.strain_name, ' ') FROM menu_items mi JOIN products p ON p.id = mi.product_id WHERE mi.menu_id = m.id), '')
  FROM menus m JOIN users u ON u.id = m.user_id WHERE m.id = OLD.menu_id;
END;
--> statement-breakpoint
CREATE TRIGGER menu_search_product_rename AFTER UPDATE OF strain_name ON products BEGIN
  DELETE FROM menu_search WHERE menu_id IN (SELECT m.id FROM menus m WHERE m.id IN (SELECT menu_id FROM menu_items WHERE product_id = NEW.id));
  INSERT INTO menu_search (menu_id, body) SELECT m.id, m.name || ' ' || coalesce(m.description, '') || ' ' || coalesce(u.business_name, '') || ' ' ||
    coalesce((SELECT group_concat(p.strain_name, ' ') FROM menu_items mi JOIN products p ON p.id = mi.product_id WHERE mi.menu_id = m.id), '')
  FROM menus m JOIN users u ON u.id = m.user_id WHERE m.id IN (SELECT menu_id FROM menu_items WHERE product_id = NEW.id);
END;
--> statement-breakpoint
CREATE TRIGGER menu_search_seller_rename AFTER UPDATE OF business_name ON users BEGIN
  DELETE FROM menu_search WHERE menu_id IN (SELECT m.id FROM menus m WHERE m.user_id = NEW.id);
  INSERT INTO menu_search (menu_id, body) SELECT m.id, m.name || ' ' || coalesce(m.description, '') || ' ' || coalesce(u.business_name, '') || ' ' ||
    coalesce((SELECT group_concat(p.strain_name, ' ') FROM menu_items mi JOIN products p ON p.id = mi.product_id WHERE mi.menu_id = m.id), '')
  FROM menus m JOIN users u ON u.id = m.user_id WHERE m.user_id = NEW.id;
END;
