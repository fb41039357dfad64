-- Password reset requests, answered off the request, so that asking takes the same work for an address with an account as for one without.
CREATE TABLE `password_reset_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`requested_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `password_reset_requests_requested` ON `password_reset_requests` (`requested_at`);
