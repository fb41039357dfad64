-- A seller team's customer book and price lists, and the list a menu's link prices by.
CREATE TABLE "price_lists" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"starts_at" text,
	"ends_at" text,
	"entries" text DEFAULT '[]' NOT NULL,
	"created_by" text,
	"updated_by" text,
	"version" bigint DEFAULT 0 NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade,
	FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE set null,
	FOREIGN KEY ("updated_by") REFERENCES "users"("id") ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX "price_lists_user_version" ON "price_lists" ("user_id","version");
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"buyer_team_id" text,
	"license_number" text,
	"payment_terms" text DEFAULT 'cod' NOT NULL,
	"price_list_id" text,
	"rep_user_id" text,
	"hold_when_overdue" bigint DEFAULT 0 NOT NULL,
	"tags" text DEFAULT '[]' NOT NULL,
	"created_by" text,
	"updated_by" text,
	"version" bigint DEFAULT 0 NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade,
	FOREIGN KEY ("buyer_team_id") REFERENCES "users"("id") ON DELETE set null,
	FOREIGN KEY ("price_list_id") REFERENCES "price_lists"("id") ON DELETE set null,
	FOREIGN KEY ("rep_user_id") REFERENCES "users"("id") ON DELETE set null,
	FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE set null,
	FOREIGN KEY ("updated_by") REFERENCES "users"("id") ON DELETE set null,
	CONSTRAINT "customers_payment_terms_check" CHECK("customers"."payment_terms" in ('cod', 'net7', 'net15', 'net30'))
);
--> statement-breakpoint
CREATE INDEX "customers_user_version" ON "customers" ("user_id","version");
--> statement-breakpoint
CREATE UNIQUE INDEX "customers_user_buyer_team" ON "customers" ("user_id","buyer_team_id");
--> statement-breakpoint
CREATE INDEX "customers_user_email" ON "customers" ("user_id","email");
--> statement-breakpoint
CREATE INDEX "customers_buyer_team" ON "customers" ("buyer_team_id");
--> statement-breakpoint
ALTER TABLE "menus" ADD "price_list_id" text REFERENCES "price_lists"("id") ON DELETE set null;
--> statement-breakpoint
CREATE TRIGGER "customers_tombstone" AFTER DELETE ON "customers" FOR EACH ROW EXECUTE FUNCTION record_tombstone('customer', 'user_id');
--> statement-breakpoint
CREATE TRIGGER "price_lists_tombstone" AFTER DELETE ON "price_lists" FOR EACH ROW EXECUTE FUNCTION record_tombstone('priceList', 'user_id');
