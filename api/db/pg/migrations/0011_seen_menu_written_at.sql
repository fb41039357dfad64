ALTER TABLE "saved_menus" ADD "seen_menu" text;
--> statement-breakpoint
ALTER TABLE "inquiries" ADD "written_at" bigint;
--> statement-breakpoint
ALTER TABLE "inquiry_messages" ADD "written_at" bigint;
