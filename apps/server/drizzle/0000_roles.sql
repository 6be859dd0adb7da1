-- The application role: every request transaction runs as it (SET LOCAL ROLE), so row-level
-- security applies. It cannot log in, is not a superuser and cannot bypass RLS. The role that
-- runs migrations owns the tables and becomes a member so it may switch to it.
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'atelier_app') THEN
    CREATE ROLE atelier_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
  END IF;
  IF NOT pg_has_role(current_user, 'atelier_app', 'MEMBER') THEN
    EXECUTE format('GRANT atelier_app TO %I', current_user);
  END IF;
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO atelier_app;
--> statement-breakpoint
-- Tables created by later migrations are readable and writable by the application role;
-- row-level security narrows that to the current firm. Internal tables revoke it explicitly.
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO atelier_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO atelier_app;
--> statement-breakpoint
-- Functions are not callable by default: each one the application may call is granted by name.
ALTER DEFAULT PRIVILEGES IN SCHEMA public REVOKE EXECUTE ON FUNCTIONS FROM PUBLIC;
