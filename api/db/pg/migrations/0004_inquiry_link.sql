ALTER TABLE "inquiries" ADD COLUMN "link_id" text;
--> statement-breakpoint
UPDATE "inquiries" SET "link_id" = (SELECT "public_link_id" FROM "menus" WHERE "menus"."id" = "inquiries"."menu_id");
