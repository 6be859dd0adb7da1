ALTER TABLE "users" ADD COLUMN "name_key" text GENERATED ALWAYS AS (lower(first_name || ' ' || last_name)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pay_rate" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pay_type" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "hire_date" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
CREATE INDEX "users_name_idx" ON "users" USING btree ("firm_id","name_key","id");--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin ("firm_id","search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_pay_type_check" CHECK (pay_type IN ('hourly', 'salary'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_pay_rate_check" CHECK (pay_rate >= 0);--> statement-breakpoint
-- Staff who exist already become findable: their search text, and their global search entry.
UPDATE "users" SET "search_text" = lower(trim(first_name || ' ' || last_name) || ' ' || coalesce(email, ''))
  WHERE kind = 'staff' AND deleted_at IS NULL;--> statement-breakpoint
INSERT INTO "search_entries" ("id", "firm_id", "entity_type", "entity_id", "title", "subtitle", "search_text", "archived")
  SELECT gen_random_uuid(), firm_id, 'employee', id, trim(first_name || ' ' || last_name), coalesce(email, ''), search_text, NOT active
  FROM "users" WHERE kind = 'staff' AND deleted_at IS NULL
  ON CONFLICT DO NOTHING;
