-- A business (team) owns the catalogue, menus, customers, orders and subscription. Its id is the id of the account that
-- founded it, so the owner columns of existing rows keep their values and now name the team. Every customer account
-- becomes the owner of a one-member team named after its business or company name.
CREATE TABLE `teams` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "teams_kind_check" CHECK("teams"."kind" in ('seller', 'buyer'))
);
--> statement-breakpoint
-- `since_version`: the change clock when the person joined; a device whose cursor is older pulled for another team.
CREATE TABLE `team_members` (
	`team_id` text NOT NULL,
	`user_id` text NOT NULL,
	`role` text NOT NULL,
	`created_at` integer NOT NULL,
	`since_version` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`team_id`, `user_id`),
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "team_members_role_check" CHECK("team_members"."role" in ('owner', 'manager', 'rep'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `team_members_user` ON `team_members` (`user_id`);
--> statement-breakpoint
CREATE TABLE `team_invitations` (
	`id` text PRIMARY KEY NOT NULL,
	`team_id` text NOT NULL,
	`email` text NOT NULL,
	`role` text NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	`accepted_at` integer,
	`revoked_at` integer,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "team_invitations_role_check" CHECK("team_invitations"."role" in ('owner', 'manager', 'rep'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `team_invitations_token` ON `team_invitations` (`token_hash`);
--> statement-breakpoint
CREATE INDEX `team_invitations_team` ON `team_invitations` (`team_id`, `created_at`);
--> statement-breakpoint
INSERT INTO `teams` (`id`, `kind`, `name`, `created_at`)
SELECT `id`, `role`, coalesce(nullif(trim(`business_name`), ''), nullif(trim(`company_name`), ''), `email`), `created_at`
FROM `users` WHERE `role` <> 'admin';
--> statement-breakpoint
INSERT INTO `team_members` (`team_id`, `user_id`, `role`, `created_at`)
SELECT `id`, `id`, 'owner', `created_at` FROM `users` WHERE `role` <> 'admin';
--> statement-breakpoint
-- Who added and who last changed a product or a menu: the founder for every row made before teams.
ALTER TABLE `products` ADD `created_by` text REFERENCES `users`(`id`) ON DELETE set null;
--> statement-breakpoint
ALTER TABLE `products` ADD `updated_by` text REFERENCES `users`(`id`) ON DELETE set null;
--> statement-breakpoint
ALTER TABLE `menus` ADD `created_by` text REFERENCES `users`(`id`) ON DELETE set null;
--> statement-breakpoint
ALTER TABLE `menus` ADD `updated_by` text REFERENCES `users`(`id`) ON DELETE set null;
--> statement-breakpoint
UPDATE `products` SET `created_by` = `user_id`, `updated_by` = `user_id`;
--> statement-breakpoint
UPDATE `menus` SET `created_by` = `user_id`, `updated_by` = `user_id`;
