CREATE TABLE "import_errors" (
	"firm_id" uuid NOT NULL,
	"import_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"row" integer NOT NULL,
	"column" text NOT NULL,
	"value" text NOT NULL,
	"message" text NOT NULL,
	CONSTRAINT "import_errors_import_id_position_pk" PRIMARY KEY("import_id","position")
);
--> statement-breakpoint
ALTER TABLE "import_errors" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "import_mappings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"headings" jsonb NOT NULL,
	"options" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "import_mappings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "import_records" (
	"firm_id" uuid NOT NULL,
	"import_id" uuid NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"row" integer NOT NULL,
	"action" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "import_records" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"name" text NOT NULL,
	"name_key" text GENERATED ALWAYS AS (lower(name)) STORED NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'uploaded' NOT NULL,
	"file_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"file_size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"format" text NOT NULL,
	"sheets" text[] DEFAULT '{}'::text[] NOT NULL,
	"sheet" text,
	"headings" text[] NOT NULL,
	"sample" jsonb NOT NULL,
	"mapping" jsonb NOT NULL,
	"options" jsonb NOT NULL,
	"checked" jsonb,
	"outcome" jsonb,
	"message" text DEFAULT '' NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "imports_kind_check" CHECK (kind IN ('product', 'category')),
	CONSTRAINT "imports_status_check" CHECK (status IN ('uploaded', 'checking', 'checked', 'running', 'done', 'failed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "imports" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "import_errors" ADD CONSTRAINT "import_errors_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_errors" ADD CONSTRAINT "import_errors_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_mappings" ADD CONSTRAINT "import_mappings_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_records" ADD CONSTRAINT "import_records_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_records" ADD CONSTRAINT "import_records_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "import_mappings_kind_uq" ON "import_mappings" USING btree ("firm_id","kind");--> statement-breakpoint
CREATE INDEX "import_records_entity_idx" ON "import_records" USING btree ("entity_id");--> statement-breakpoint
CREATE INDEX "import_records_import_idx" ON "import_records" USING btree ("import_id","row");--> statement-breakpoint
CREATE UNIQUE INDEX "imports_number_uq" ON "imports" USING btree ("firm_id","number");--> statement-breakpoint
CREATE INDEX "imports_name_idx" ON "imports" USING btree ("firm_id","name_key","id");--> statement-breakpoint
CREATE INDEX "imports_created_idx" ON "imports" USING btree ("firm_id","created_at","id");--> statement-breakpoint
CREATE INDEX "imports_updated_idx" ON "imports" USING btree ("firm_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "imports_busy_uq" ON "imports" USING btree ("firm_id","kind") WHERE status IN ('checking', 'running');--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "import_errors" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("import_errors"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("import_errors"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "import_mappings" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("import_mappings"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("import_mappings"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "import_records" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("import_records"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("import_records"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "imports" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("imports"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("imports"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
-- What `buildSearchText` (platform/lists/list.ts) makes of the parts, for rows written many at
-- once by an import: the non-empty parts, then each number written with separators as bare
-- digits, lower-cased, at most 4000 characters. A test holds the two to the same answers.
CREATE FUNCTION search_text_of(parts text[]) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path = pg_catalog AS $$
  SELECT left(lower(array_to_string(
    ARRAY(SELECT p FROM unnest(parts) WITH ORDINALITY u(p, i) WHERE p <> '' ORDER BY i)
    || ARRAY(SELECT d FROM (
         SELECT regexp_replace(m[1], '\D', '', 'g') AS d, u.i, r.n
         FROM unnest(parts) WITH ORDINALITY u(p, i),
              LATERAL regexp_matches(u.p, '\d[\d\s().+-]*\d', 'g') WITH ORDINALITY r(m, n)
         WHERE m[1] ~ '\D') x WHERE d <> '' ORDER BY x.i, x.n),
    ' ')), 4000)
$$;
--> statement-breakpoint
-- Imports whose work stopped with its server (killed, crashed): still marked checking or running,
-- but their transaction's lock is gone. Marked failed, across firms; never run again by themselves.
CREATE FUNCTION imports_fail_interrupted() RETURNS integer
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  n integer;
BEGIN
  UPDATE imports SET status = 'failed', cancel_requested = false, finished_at = now(), version = version + 1,
    updated_at = now(),
    message = 'The server stopped while this import was '
      || CASE WHEN status = 'running' THEN 'running: nothing was imported. Run it again.' ELSE 'checking it. Check it again.' END
  WHERE status IN ('checking', 'running')
    -- Just started: its work may still be waiting for a connection (at most 10 s) to take its lock.
    AND started_at < now() - interval '10 seconds'
    AND pg_try_advisory_xact_lock(hashtextextended('import:' || id::text, 0));
  GET DIAGNOSTICS n = ROW_COUNT;
  RETURN n;
END
$$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION search_text_of(text[]), imports_fail_interrupted() TO atelier_app;
