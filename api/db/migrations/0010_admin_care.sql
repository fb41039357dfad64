CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer NOT NULL,
	`actor_id` text,
	`actor_email` text NOT NULL,
	`action` text NOT NULL,
	`target_id` text,
	`detail` text,
	`client_address` text NOT NULL,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`target_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "audit_log_action_check" CHECK("audit_log"."action" in ('customer.disable', 'customer.enable', 'customer.role', 'customer.extend_trial', 'admin.sign_in'))
);
--> statement-breakpoint
CREATE INDEX `audit_log_at` ON `audit_log` (`at`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_target_at` ON `audit_log` (`target_id`,`at`,`id`);--> statement-breakpoint
ALTER TABLE `users` ADD `last_sign_in_at` integer;--> statement-breakpoint
CREATE INDEX `users_role_created` ON `users` (`role`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `users_customers_created` ON `users` (`created_at`,`id`) WHERE "users"."role" <> 'admin';--> statement-breakpoint
-- The admin's customer search: names, email, business and company name in one document, and the role, trigram-indexed
-- so any part of a word of three or more characters finds it, and counting the matches of a role reads the index alone.
-- Each document's rowid is its user's rowid (kept by VACUUM and backups), so a search joins back by integer.
-- Kept current by triggers.
CREATE VIRTUAL TABLE users_search USING fts5(body, role, tokenize = 'trigram');
--> statement-breakpoint
INSERT INTO users_search (rowid, body, role) SELECT rowid, coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || email || ' ' ||
    coalesce(business_name, '') || ' ' || coalesce(company_name, ''), role FROM users;
--> statement-breakpoint
CREATE TRIGGER users_search_insert AFTER INSERT ON users BEGIN
  INSERT INTO users_search (rowid, body, role) VALUES (NEW.rowid, coalesce(NEW.first_name, '') || ' ' || coalesce(NEW.last_name, '') || ' ' || NEW.email || ' ' ||
    coalesce(NEW.business_name, '') || ' ' || coalesce(NEW.company_name, ''), NEW.role);
END;
--> statement-breakpoint
CREATE TRIGGER users_search_update AFTER UPDATE OF first_name, last_name, email, business_name, company_name, role ON users BEGIN
  DELETE FROM users_search WHERE rowid = OLD.rowid;
  INSERT INTO users_search (rowid, body, role) VALUES (NEW.rowid, coalesce(NEW.first_name, '') || ' ' || coalesce(NEW.last_name, '') || ' ' || NEW.email || ' ' ||
    coalesce(NEW.business_name, '') || ' ' || coalesce(NEW.company_name, ''), NEW.role);
END;
--> statement-breakpoint
CREATE TRIGGER users_search_delete AFTER DELETE ON users BEGIN
  DELETE FROM users_search WHERE rowid = OLD.rowid;
END;
