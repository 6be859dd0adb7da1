ALTER TABLE "purchase_receipts" ALTER COLUMN "warehouse_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "customer_job_id" uuid;--> statement-breakpoint
ALTER TABLE "purchase_receipts" ADD COLUMN "delivered_to_site" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_customer_job_id_customer_jobs_id_fk" FOREIGN KEY ("customer_job_id") REFERENCES "public"."customer_jobs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchase_orders_job_idx" ON "purchase_orders" USING btree ("customer_job_id");--> statement-breakpoint
ALTER TABLE "purchase_receipts" ADD CONSTRAINT "purchase_receipts_place_check" CHECK ((warehouse_id IS NULL) = delivered_to_site);