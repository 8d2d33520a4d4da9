-- Business-written texts in English and Arabic (docs/decisions/0010-bilingual-content.md): each single-language
-- column becomes two nullable ones, at least one written. Existing rows move by script: a text whose Arabic letters
-- outnumber its Latin ones goes to the Arabic column, any other to the English one (HTML tags and entities are not
-- counted) — the same rule as textLanguage() in shared/src/rules/text-language.ts, whose test in
-- api/test/bilingual-migration.test.ts runs this file on rows of every kind.
ALTER TABLE "ads" ADD COLUMN "title_en" text;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "title_ar" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "name_en" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "name_ar" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "description_en" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "description_ar" text;--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "title_en" text;--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "title_ar" text;--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "description_en" text;--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "description_ar" text;--> statement-breakpoint
CREATE FUNCTION pg_temp.bawaba_text_lang(t text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  WITH plain AS (
    SELECT regexp_replace(regexp_replace(coalesce(t, ''), '<[^>]*>', ' ', 'g'), '&[a-zA-Z]+;|&#[0-9]+;', ' ', 'g') AS p
  )
  SELECT CASE
    WHEN length(regexp_replace(p, '[^ؠ-يٮ-ۓەۮۯۺ-ۼۿݐ-ݿࢠ-ࣉ]', '', 'g'))
       > length(regexp_replace(p, '[^A-Za-zÀ-ÖØ-öø-ɏ]', '', 'g')) THEN 'ar'
    ELSE 'en'
  END FROM plain
$$;--> statement-breakpoint
CREATE FUNCTION pg_temp.bawaba_written(t text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT btrim(replace(regexp_replace(coalesce(t, ''), '<[^>]*>', '', 'g'), '&nbsp;', ' ')) <> ''
$$;--> statement-breakpoint
UPDATE "companies" SET
  "name_en" = CASE WHEN pg_temp.bawaba_text_lang("name") = 'en' THEN "name" END,
  "name_ar" = CASE WHEN pg_temp.bawaba_text_lang("name") = 'ar' THEN "name" END,
  "description_en" = CASE WHEN pg_temp.bawaba_written("description") AND pg_temp.bawaba_text_lang("description") = 'en' THEN "description" END,
  "description_ar" = CASE WHEN pg_temp.bawaba_written("description") AND pg_temp.bawaba_text_lang("description") = 'ar' THEN "description" END;--> statement-breakpoint
UPDATE "tenders" SET
  "title_en" = CASE WHEN pg_temp.bawaba_text_lang("title") = 'en' THEN "title" END,
  "title_ar" = CASE WHEN pg_temp.bawaba_text_lang("title") = 'ar' THEN "title" END,
  "description_en" = CASE WHEN pg_temp.bawaba_written("description") AND pg_temp.bawaba_text_lang("description") = 'en' THEN "description" END,
  "description_ar" = CASE WHEN pg_temp.bawaba_written("description") AND pg_temp.bawaba_text_lang("description") = 'ar' THEN "description" END;--> statement-breakpoint
UPDATE "ads" SET
  "title_en" = CASE WHEN pg_temp.bawaba_text_lang("title") = 'en' THEN "title" END,
  "title_ar" = CASE WHEN pg_temp.bawaba_text_lang("title") = 'ar' THEN "title" END;--> statement-breakpoint
DROP FUNCTION pg_temp.bawaba_text_lang(text);--> statement-breakpoint
DROP FUNCTION pg_temp.bawaba_written(text);--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_title_written" CHECK (coalesce(btrim("ads"."title_en"), '') <> '' or coalesce(btrim("ads"."title_ar"), '') <> '');--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_name_written" CHECK (coalesce(btrim("companies"."name_en"), '') <> '' or coalesce(btrim("companies"."name_ar"), '') <> '');--> statement-breakpoint
ALTER TABLE "tenders" ADD CONSTRAINT "tenders_title_written" CHECK (coalesce(btrim("tenders"."title_en"), '') <> '' or coalesce(btrim("tenders"."title_ar"), '') <> '');--> statement-breakpoint
-- The old columns go, with their trigram indexes (0002, 0007).
ALTER TABLE "ads" DROP COLUMN "title";--> statement-breakpoint
ALTER TABLE "companies" DROP COLUMN "name";--> statement-breakpoint
ALTER TABLE "companies" DROP COLUMN "description";--> statement-breakpoint
ALTER TABLE "tenders" DROP COLUMN "title";--> statement-breakpoint
ALTER TABLE "tenders" DROP COLUMN "description";--> statement-breakpoint
-- The keyword searches (`ILIKE '%word%'` over both versions): trigram indexes when pg_trgm is available (see 0002).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    EXECUTE 'CREATE INDEX IF NOT EXISTS companies_name_en_trgm_idx ON companies USING gin (name_en gin_trgm_ops)';
    EXECUTE 'CREATE INDEX IF NOT EXISTS companies_name_ar_trgm_idx ON companies USING gin (name_ar gin_trgm_ops)';
    EXECUTE 'CREATE INDEX IF NOT EXISTS tenders_title_en_trgm_idx ON tenders USING gin (title_en gin_trgm_ops)';
    EXECUTE 'CREATE INDEX IF NOT EXISTS tenders_title_ar_trgm_idx ON tenders USING gin (title_ar gin_trgm_ops)';
    EXECUTE 'CREATE INDEX IF NOT EXISTS tenders_description_en_trgm_idx ON tenders USING gin (description_en gin_trgm_ops)';
    EXECUTE 'CREATE INDEX IF NOT EXISTS tenders_description_ar_trgm_idx ON tenders USING gin (description_ar gin_trgm_ops)';
  END IF;
END;
$$;
