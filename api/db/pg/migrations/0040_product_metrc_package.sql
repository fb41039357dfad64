-- A product made from (or linked to) a Metrc package names it, with the package's batch and lab state.
ALTER TABLE "products" ADD COLUMN "metrc_package_label" text;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "batch_number" text;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "lab_testing_state" text;
