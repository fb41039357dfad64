-- Demo accounts (the seeded seller and buyer) are counted in no figure; existing installs mark the ones the seed made.
ALTER TABLE "users" ADD COLUMN "demo" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE "users" SET "demo" = 1 WHERE lower("email") IN ('seller@demo.test', 'buyer@demo.test');
--> statement-breakpoint
CREATE INDEX "users_license_number" ON "users" ("license_number");
--> statement-breakpoint
CREATE INDEX "users_status_trial_end" ON "users" ("subscription_status", "trial_ends_at");
--> statement-breakpoint
CREATE INDEX "users_trial_end" ON "users" ("trial_ends_at");
--> statement-breakpoint
CREATE INDEX "users_business" ON "users" ((coalesce("business_name", "company_name")));
--> statement-breakpoint
CREATE INDEX "users_name" ON "users" ("first_name", "last_name");
