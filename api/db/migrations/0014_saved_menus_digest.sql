ALTER TABLE `saved_menus` ADD `digested_stamp` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `mail_outbox_user_kind` ON `mail_outbox` (`user_id`,`kind`,`created_at`);