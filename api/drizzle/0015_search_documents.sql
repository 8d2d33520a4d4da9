-- Full-text search (src/lib/search.ts, src/db/search-documents.ts, docs/api/search.md): each company and tender
-- stores its search documents, built by the API from its texts folded by the shared normaliser: search_name (names,
-- title, number) and search_text (descriptions), each as folded and English-stemmed. search_version
-- 0 means "rebuild me": new rows start so, the trigger below marks a row whose texts change (whoever writes: the
-- API rebuilds in the same transaction, anything else is rebuilt when the API starts).
ALTER TABLE "companies" ADD COLUMN "search_name" tsvector NOT NULL DEFAULT ''::tsvector;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "search_text" tsvector NOT NULL DEFAULT ''::tsvector;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "search_version" smallint NOT NULL DEFAULT 0;--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "search_name" tsvector NOT NULL DEFAULT ''::tsvector;--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "search_text" tsvector NOT NULL DEFAULT ''::tsvector;--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "search_version" smallint NOT NULL DEFAULT 0;--> statement-breakpoint
CREATE INDEX "companies_search_name_idx" ON "companies" USING gin ("search_name");--> statement-breakpoint
CREATE INDEX "companies_search_text_idx" ON "companies" USING gin ("search_text");--> statement-breakpoint
CREATE INDEX "tenders_search_name_idx" ON "tenders" USING gin ("search_name");--> statement-breakpoint
CREATE INDEX "tenders_search_text_idx" ON "tenders" USING gin ("search_text");--> statement-breakpoint
CREATE OR REPLACE FUNCTION bawaba_search_stale() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_version := 0;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER companies_search_stale BEFORE UPDATE OF name_en, name_ar, description_en, description_ar ON companies FOR EACH ROW EXECUTE FUNCTION bawaba_search_stale();--> statement-breakpoint
CREATE TRIGGER tenders_search_stale BEFORE UPDATE OF number, title_en, title_ar, description_en, description_ar ON tenders FOR EACH ROW EXECUTE FUNCTION bawaba_search_stale();--> statement-breakpoint
-- The tender lists' order (newest first): a page walks this index and stops, instead of sorting every match.
CREATE INDEX IF NOT EXISTS "tenders_created_idx" ON "tenders" USING btree ("created_at" DESC, "id" DESC);
