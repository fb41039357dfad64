-- The admin finds a dispensary by its licence number too: the number joins the customer search's document.
DROP TRIGGER users_search_insert;
--> statement-breakpoint
DROP TRIGGER users_search_update;
--> statement-breakpoint
DELETE FROM users_search;
--> statement-breakpoint
INSERT INTO users_search (rowid, body, role) SELECT rowid, coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || email || ' ' ||
    coalesce(business_name, '') || ' ' || coalesce(company_name, '') || ' ' || coalesce(license_number, ''), role FROM users;
--> statement-breakpoint
CREATE TRIGGER users_search_insert AFTER INSERT ON users BEGIN
  INSERT INTO users_search (rowid, body, role) VALUES (NEW.rowid, coalesce(NEW.first_name, '') || ' ' || coalesce(NEW.last_name, '') || ' ' || NEW.email || ' ' ||
    coalesce(NEW.business_name, '') || ' ' || coalesce(NEW.company_name, '') || ' ' || coalesce(NEW.license_number, ''), NEW.role);
END;
--> statement-breakpoint
CREATE TRIGGER users_search_update AFTER UPDATE OF first_name, last_name, email, business_name, company_name, license_number, role ON users BEGIN
  DELETE FROM users_search WHERE rowid = OLD.rowid;
  INSERT INTO users_search (rowid, body, role) VALUES (NEW.rowid, coalesce(NEW.first_name, '') || ' ' || coalesce(NEW.last_name, '') || ' ' || NEW.email || ' ' ||
    coalesce(NEW.business_name, '') || ' ' || coalesce(NEW.company_name, '') || ' ' || coalesce(NEW.license_number, ''), NEW.role);
END;
