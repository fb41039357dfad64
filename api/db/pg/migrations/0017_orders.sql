-- Orders between a seller team and its buyers, numbered per seller; the order requests made so far become orders.
CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"seller_id" text NOT NULL,
	"buyer_id" text,
	"customer_id" text NOT NULL,
	"menu_id" text,
	"inquiry_id" text,
	"number" bigint NOT NULL,
	"status" text NOT NULL,
	"resume_status" text,
	"stock_held" bigint DEFAULT 0 NOT NULL,
	"payment_status" text DEFAULT 'unpaid' NOT NULL,
	"lines" text NOT NULL,
	"subtotal_cents" bigint NOT NULL,
	"total_cents" bigint NOT NULL,
	"amount_paid_cents" bigint DEFAULT 0 NOT NULL,
	"payment_terms" text DEFAULT 'cod' NOT NULL,
	"delivered_at" bigint,
	"due_at" bigint,
	"note" text DEFAULT '' NOT NULL,
	"history" text NOT NULL,
	"payments" text DEFAULT '[]' NOT NULL,
	"created_by" text,
	"updated_by" text,
	"version" bigint DEFAULT 0 NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	FOREIGN KEY ("seller_id") REFERENCES "users"("id") ON DELETE cascade,
	FOREIGN KEY ("buyer_id") REFERENCES "users"("id") ON DELETE set null,
	FOREIGN KEY ("menu_id") REFERENCES "menus"("id") ON DELETE set null,
	FOREIGN KEY ("inquiry_id") REFERENCES "inquiries"("id") ON DELETE set null,
	FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE set null,
	FOREIGN KEY ("updated_by") REFERENCES "users"("id") ON DELETE set null,
	CONSTRAINT "orders_status_check" CHECK("orders"."status" in ('submitted', 'accepted', 'rejected', 'fulfilled', 'delivered', 'cancelled', 'awaiting_buyer'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "orders_seller_number" ON "orders" ("seller_id","number");
--> statement-breakpoint
CREATE INDEX "orders_seller_version" ON "orders" ("seller_id","version");
--> statement-breakpoint
CREATE INDEX "orders_buyer_version" ON "orders" ("buyer_id","version");
--> statement-breakpoint
CREATE INDEX "orders_customer" ON "orders" ("customer_id");
--> statement-breakpoint
CREATE TABLE "order_counters" (
	"seller_id" text PRIMARY KEY NOT NULL,
	"last_number" bigint NOT NULL,
	FOREIGN KEY ("seller_id") REFERENCES "users"("id") ON DELETE cascade
);
--> statement-breakpoint
-- The order requests become orders: devices pull them as changed after the clock's next value.
UPDATE "sync_clock" SET "version" = "version" + 1 WHERE "id" = 1;
--> statement-breakpoint
-- Each buyer who sent an order request gets a row in that seller's customer book.
INSERT INTO "customers" ("id", "user_id", "name", "email", "buyer_team_id", "license_number", "version", "created_at", "updated_at")
SELECT gen_random_uuid()::text, pairs."seller_id",
  coalesce(nullif(b."company_name", ''), nullif(b."business_name", ''), nullif(trim(coalesce(b."first_name", '') || ' ' || coalesce(b."last_name", '')), ''), b."email"),
  b."email", b."id", b."license_number", (SELECT "version" FROM "sync_clock" WHERE "id" = 1), pairs."first_at", pairs."first_at"
FROM (SELECT "seller_id", "buyer_id", min("created_at") AS "first_at" FROM "inquiries" WHERE "kind" = 'order' GROUP BY "seller_id", "buyer_id") AS pairs
JOIN "users" AS b ON b."id" = pairs."buyer_id"
WHERE NOT EXISTS (SELECT 1 FROM "customers" AS c WHERE c."user_id" = pairs."seller_id" AND c."buyer_team_id" = pairs."buyer_id");
--> statement-breakpoint
INSERT INTO "orders" ("id", "seller_id", "buyer_id", "customer_id", "menu_id", "inquiry_id", "number", "status", "lines", "subtotal_cents", "total_cents",
  "payment_terms", "history", "version", "created_at", "updated_at")
SELECT i."id", i."seller_id", i."buyer_id", c."id", i."menu_id", i."id",
  1000 + row_number() OVER (PARTITION BY i."seller_id" ORDER BY i."created_at", i."id"),
  CASE i."status" WHEN 'accepted' THEN 'accepted' WHEN 'declined' THEN 'rejected' ELSE 'submitted' END,
  (SELECT coalesce(json_agg(json_build_object('productId', item ->> 'productId', 'strainName', item ->> 'strainName', 'unitType', item ->> 'unitType',
      'quantity', item ->> 'quantity', 'unitPrice', coalesce(item ->> 'pricePerUnit', '0.00'), 'listPrice', item ->> 'pricePerUnit',
      'lineTotal', coalesce(item ->> 'lineTotal', '0.00'), 'deliveredQuantity', NULL) ORDER BY position), '[]'::json)::text
    FROM json_array_elements(i."items"::json) WITH ORDINALITY AS elements(item, position)),
  coalesce(i."total_cents", 0), coalesce(i."total_cents", 0), c."payment_terms",
  json_build_array(json_build_object('status', 'submitted', 'at', to_char(to_timestamp(i."created_at" / 1000.0) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'byName', coalesce(nullif(b."company_name", ''), nullif(b."business_name", ''), b."email")))::text,
  (SELECT "version" FROM "sync_clock" WHERE "id" = 1), i."created_at", i."updated_at"
FROM "inquiries" AS i
JOIN "customers" AS c ON c."user_id" = i."seller_id" AND c."buyer_team_id" = i."buyer_id"
JOIN "users" AS b ON b."id" = i."buyer_id"
WHERE i."kind" = 'order';
--> statement-breakpoint
-- The seller's answer joins the history, at the time it was last changed.
UPDATE "orders" SET "history" = (("history"::jsonb) || jsonb_build_array(jsonb_build_object('status', "status",
    'at', to_char(to_timestamp("updated_at" / 1000.0) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'byName', (SELECT coalesce(nullif(s."business_name", ''), nullif(s."company_name", ''), s."email") FROM "users" AS s WHERE s."id" = "orders"."seller_id"))))::text
WHERE "inquiry_id" IS NOT NULL AND "status" <> 'submitted';
--> statement-breakpoint
INSERT INTO "order_counters" ("seller_id", "last_number") SELECT "seller_id", max("number") FROM "orders" GROUP BY "seller_id";
