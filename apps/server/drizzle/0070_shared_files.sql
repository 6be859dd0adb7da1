ALTER TABLE "files" ADD COLUMN "shared_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "shared_by" uuid;