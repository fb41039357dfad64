ALTER TABLE `users` ADD `menu_cover_url` text;--> statement-breakpoint
ALTER TABLE `users` ADD `accent_color` text;