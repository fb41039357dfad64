-- Each entry keeps its target's email as it was; old entries take it from the account as it is now, the nearest there is.
ALTER TABLE "audit_log" ADD COLUMN "target_email" text;
--> statement-breakpoint
UPDATE "audit_log" SET "target_email" = "users"."email" FROM "users" WHERE "users"."id" = "audit_log"."target_id";
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_action_check";
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action_check" CHECK("audit_log"."action" in ('customer.disable', 'customer.enable', 'customer.role', 'customer.extend_trial', 'customer.view', 'admin.sign_in', 'admin.sign_in_failed', 'admin.password_change', 'admin.email_change', 'admin.account_close'));
