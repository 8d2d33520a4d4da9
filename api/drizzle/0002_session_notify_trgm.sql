-- Session cache invalidation across processes: every change to a session or a user row is announced on the
-- bawaba_auth channel (LISTEN/NOTIFY), whoever writes it (this API, another API process, psql).
CREATE OR REPLACE FUNCTION bawaba_auth_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    IF TG_OP = 'DELETE' THEN
      PERFORM pg_notify('bawaba_auth', json_build_object('t', 's', 'sid', OLD.id, 'uid', OLD.user_id, 'end', true)::text);
    ELSIF NEW.revoked_at IS DISTINCT FROM OLD.revoked_at OR NEW.expires_at IS DISTINCT FROM OLD.expires_at
      OR NEW.user_id IS DISTINCT FROM OLD.user_id THEN
      PERFORM pg_notify('bawaba_auth', json_build_object('t', 's', 'sid', OLD.id, 'uid', OLD.user_id,
        'end', NEW.revoked_at IS NOT NULL OR NEW.expires_at <= now() OR NEW.user_id IS DISTINCT FROM OLD.user_id)::text);
    END IF;
  ELSE
    PERFORM pg_notify('bawaba_auth', json_build_object('t', 'u', 'uid', OLD.id)::text);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS sessions_auth_notify ON sessions;--> statement-breakpoint
CREATE TRIGGER sessions_auth_notify AFTER UPDATE OR DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION bawaba_auth_notify();--> statement-breakpoint
DROP TRIGGER IF EXISTS users_auth_notify ON users;--> statement-breakpoint
CREATE TRIGGER users_auth_notify AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION bawaba_auth_notify();--> statement-breakpoint
-- Keyword search (`name ILIKE '%word%'`): a trigram index when pg_trgm is available (PostgreSQL contrib, the
-- PGlite extension loaded in src/db/client.ts); without it the search stays a scan and nothing else changes.
DO $$
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
  EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'pg_trgm not available (%): keyword search without a trigram index', SQLERRM;
  END;
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    EXECUTE 'CREATE INDEX IF NOT EXISTS companies_name_trgm_idx ON companies USING gin (name gin_trgm_ops)';
  END IF;
END;
$$;
