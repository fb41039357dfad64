-- A change of address gets its own kind of emailed link, apart from the one confirming the current address.
ALTER TABLE "account_tokens" DROP CONSTRAINT "account_tokens_purpose_check";
--> statement-breakpoint
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_purpose_check" CHECK ("account_tokens"."purpose" in ('password-reset', 'confirm-email', 'email-change'));
