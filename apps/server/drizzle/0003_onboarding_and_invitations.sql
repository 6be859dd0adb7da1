ALTER TABLE "firms" ADD COLUMN "onboarded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Firms that existed before onboarding did not go through it; do not send them there now.
UPDATE "firms" SET "onboarded_at" = "created_at" WHERE "onboarded_at" IS NULL;
