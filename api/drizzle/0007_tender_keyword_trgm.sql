-- The tender list's keyword (`title ILIKE '%word%' OR description ILIKE '%word%'`): trigram indexes when pg_trgm is
-- available (PostgreSQL contrib, the PGlite extension loaded in src/db/client.ts; see 0002); without it the search
-- stays a scan and nothing else changes.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    EXECUTE 'CREATE INDEX IF NOT EXISTS tenders_title_trgm_idx ON tenders USING gin (title gin_trgm_ops)';
    EXECUTE 'CREATE INDEX IF NOT EXISTS tenders_description_trgm_idx ON tenders USING gin (description gin_trgm_ops)';
  END IF;
END;
$$;
