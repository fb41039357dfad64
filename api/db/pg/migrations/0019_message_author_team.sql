ALTER TABLE "inquiry_messages" ADD "author_team_id" text;
--> statement-breakpoint
UPDATE "inquiry_messages" SET "author_team_id" = "author_id";
