-- Rate-limit counters shared by every API process (src/lib/rate-limit.ts). UNLOGGED: a counter needs no WAL (the
-- hot path is one upsert per counted request); a crash empties the table, which resets the counts as a restart of
-- one process always did; standbys do not have it (counting happens on the primary).
CREATE UNLOGGED TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
-- In-memory caches across processes: every statement that changes what the directory pages and the catalog cache
-- show is announced on the bawaba_changes channel (payload: the table), whoever runs it (an API process, the seed,
-- psql). Once per statement, not per row; PostgreSQL folds identical notifications of one transaction into one.
CREATE OR REPLACE FUNCTION bawaba_changes_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('bawaba_changes', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS companies_changes_notify ON companies;--> statement-breakpoint
CREATE TRIGGER companies_changes_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON companies FOR EACH STATEMENT EXECUTE FUNCTION bawaba_changes_notify();--> statement-breakpoint
DROP TRIGGER IF EXISTS company_services_changes_notify ON company_services;--> statement-breakpoint
CREATE TRIGGER company_services_changes_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON company_services FOR EACH STATEMENT EXECUTE FUNCTION bawaba_changes_notify();--> statement-breakpoint
DROP TRIGGER IF EXISTS services_changes_notify ON services;--> statement-breakpoint
CREATE TRIGGER services_changes_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON services FOR EACH STATEMENT EXECUTE FUNCTION bawaba_changes_notify();--> statement-breakpoint
DROP TRIGGER IF EXISTS categories_changes_notify ON categories;--> statement-breakpoint
CREATE TRIGGER categories_changes_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories FOR EACH STATEMENT EXECUTE FUNCTION bawaba_changes_notify();--> statement-breakpoint
DROP TRIGGER IF EXISTS locations_changes_notify ON locations;--> statement-breakpoint
CREATE TRIGGER locations_changes_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON locations FOR EACH STATEMENT EXECUTE FUNCTION bawaba_changes_notify();
