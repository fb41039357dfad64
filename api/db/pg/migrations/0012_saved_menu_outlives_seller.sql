-- A saved copy outlives its menu when the seller closes their account: it keeps the menu's name and the seller's
-- business name as they were, so the menu reference no longer cascades.
ALTER TABLE "saved_menus" DROP CONSTRAINT "saved_menus_menu_id_fkey";
--> statement-breakpoint
ALTER TABLE "saved_menus" ADD COLUMN "withdrawn_at" bigint;
--> statement-breakpoint
ALTER TABLE "saved_menus" ADD COLUMN "withdrawn_menu_name" text;
--> statement-breakpoint
ALTER TABLE "saved_menus" ADD COLUMN "withdrawn_seller_name" text;
