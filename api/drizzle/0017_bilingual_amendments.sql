-- An amendment's reason (what the owner writes for bidders) in English and Arabic, like the tenders' texts
-- (docs/decisions/0010-bilingual-content.md): two nullable columns, at least one written. Existing reasons move by
-- script, the same rule as 0014 and textLanguage() in shared/src/rules/text-language.ts (checked by
-- api/test/bilingual-migration.test.ts).
ALTER TABLE "tender_amendments" ADD COLUMN "reason_en" text;--> statement-breakpoint
ALTER TABLE "tender_amendments" ADD COLUMN "reason_ar" text;--> statement-breakpoint
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
UPDATE "tender_amendments" SET
  "reason_en" = CASE WHEN pg_temp.bawaba_text_lang("reason") = 'en' THEN "reason" END,
  "reason_ar" = CASE WHEN pg_temp.bawaba_text_lang("reason") = 'ar' THEN "reason" END;--> statement-breakpoint
DROP FUNCTION pg_temp.bawaba_text_lang(text);--> statement-breakpoint
ALTER TABLE "tender_amendments" ADD CONSTRAINT "tender_amendments_reason_written" CHECK (coalesce(btrim("tender_amendments"."reason_en"), '') <> '' or coalesce(btrim("tender_amendments"."reason_ar"), '') <> '');--> statement-breakpoint
ALTER TABLE "tender_amendments" DROP COLUMN "reason";
