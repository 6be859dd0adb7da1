ALTER TABLE "products" DROP CONSTRAINT "products_money_check";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "compare_at_cents" bigint;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_money_check" CHECK (price_cents >= 0 AND cost_hc >= 0 AND (compare_at_cents IS NULL OR compare_at_cents >= 0));