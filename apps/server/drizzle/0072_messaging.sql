CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"thread_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"direction" text NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"message_id" text,
	"outbox_id" uuid,
	"status" text NOT NULL,
	"sent_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_channel_check" CHECK (channel IN ('email', 'sms')),
	CONSTRAINT "messages_direction_check" CHECK (direction IN ('out', 'in')),
	CONSTRAINT "messages_status_check" CHECK (status IN ('queued', 'logged', 'received'))
);
--> statement-breakpoint
ALTER TABLE "messages" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_outbox_id_email_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."email_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_entity_idx" ON "messages" USING btree ("firm_id","entity_type","entity_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_thread_idx" ON "messages" USING btree ("thread_id","created_at");--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "messages" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("messages"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("messages"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
-- A reply comes in with no firm: its address names the thread, and this says the thread's firm
-- (only that), so the reply is filed under that firm's row-level security.
CREATE FUNCTION message_thread_firm(p_thread uuid)
RETURNS uuid
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
  SELECT firm_id FROM messages WHERE thread_id = p_thread ORDER BY created_at LIMIT 1
$$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION message_thread_firm(uuid) TO atelier_app;
