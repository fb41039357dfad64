-- A lab result below detection (ND, <LOQ) is kept as a flag beside the empty percentage, so the product shows "ND".
ALTER TABLE "products" ADD "thc_below_detection" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD "cbd_below_detection" bigint DEFAULT 0 NOT NULL;
