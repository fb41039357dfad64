-- A customer entry keeps a contact phone, a billing address and a shipping address (or "same as billing"), which the
-- invoice prints as its Bill To and Ship To.
ALTER TABLE "customers" ADD COLUMN "phone_number" text;
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "billing_line1" text;
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "billing_line2" text;
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "billing_city" text;
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "billing_state" text;
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "billing_zip_code" text;
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "shipping_same_as_billing" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "shipping_line1" text;
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "shipping_line2" text;
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "shipping_city" text;
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "shipping_state" text;
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "shipping_zip_code" text;
--> statement-breakpoint
-- Devices pull every entry again, with its (empty) addresses.
UPDATE "sync_clock" SET "version" = "version" + 1 WHERE "id" = 1;
--> statement-breakpoint
UPDATE "customers" SET "version" = (SELECT "version" FROM "sync_clock" WHERE "id" = 1);
