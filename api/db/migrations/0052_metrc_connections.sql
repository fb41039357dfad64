-- A seller team's connection to Metrc: the facility, the user key sealed with the server's CREDENTIALS_KEY, what
-- Metrc said the key may do there, and how the copy of its packages stands.
CREATE TABLE `metrc_connections` (
	`team_id` text PRIMARY KEY NOT NULL,
	`state` text NOT NULL,
	`license_number` text NOT NULL,
	`facility_name` text NOT NULL,
	`user_key_sealed` text NOT NULL,
	`view_packages` integer NOT NULL,
	`view_lab_results` integer NOT NULL,
	`manage_transfer_templates` integer NOT NULL,
	`connected_by` text,
	`connected_at` integer NOT NULL,
	`packages_read_at` integer,
	`read_failure` text,
	`read_failed_at` integer,
	`read_claimed_until` integer,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`connected_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "metrc_connections_state_check" CHECK("metrc_connections"."state" in ('AK', 'AL', 'CA', 'CO', 'DC', 'KY', 'LA', 'MA', 'MD', 'ME', 'MI', 'MN', 'MO', 'MS', 'MT', 'NJ', 'NV', 'OH', 'OK', 'OR', 'SD', 'WV'))
);
--> statement-breakpoint
-- The copy of a connected team's packages, refreshed from Metrc's changes.
CREATE TABLE `metrc_packages` (
	`team_id` text NOT NULL,
	`label` text NOT NULL,
	`metrc_id` integer NOT NULL,
	`item_name` text NOT NULL,
	`category` text NOT NULL,
	`strain_name` text,
	`quantity` integer NOT NULL,
	`unit_of_measure` text NOT NULL,
	`lab_testing_state` text NOT NULL,
	`production_batch_number` text,
	`packaged_date` text,
	`expiration_date` text,
	`sell_by_date` text,
	`use_by_date` text,
	`on_hold` integer NOT NULL,
	`finished` integer NOT NULL,
	`last_modified` text NOT NULL,
	`product_id` text,
	`read_at` integer NOT NULL,
	PRIMARY KEY(`team_id`, `label`),
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `metrc_packages_team_item` ON `metrc_packages` (`team_id`,`finished`,`item_name`);
