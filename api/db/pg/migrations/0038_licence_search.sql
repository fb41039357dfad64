-- The admin finds a dispensary by its licence number too: the number joins the customer search's document.
CREATE OR REPLACE FUNCTION users_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "users_search" ("user_id", "body", "role")
  SELECT c."id", coalesce(c."first_name", '') || ' ' || coalesce(c."last_name", '') || ' ' || c."email" || ' ' ||
    coalesce(c."business_name", '') || ' ' || coalesce(c."company_name", '') || ' ' || coalesce(c."license_number", ''), c."role"
  FROM changed c
  ON CONFLICT ("user_id") DO UPDATE SET "body" = EXCLUDED."body", "role" = EXCLUDED."role";
  RETURN NULL;
END $$;
--> statement-breakpoint
UPDATE "users_search" s SET "body" = coalesce(u."first_name", '') || ' ' || coalesce(u."last_name", '') || ' ' || u."email" || ' ' ||
    coalesce(u."business_name", '') || ' ' || coalesce(u."company_name", '') || ' ' || coalesce(u."license_number", '')
  FROM "users" u WHERE u."id" = s."user_id";
