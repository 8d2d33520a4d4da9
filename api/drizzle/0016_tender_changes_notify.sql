-- The tender lists' cached id lists (src/modules/tenders/list.ts, src/lib/change-cache.ts) are dropped in every
-- process when a statement changes the tenders table, whoever runs it: announced on bawaba_changes like the
-- directory's tables (migration 0009).
DROP TRIGGER IF EXISTS tenders_changes_notify ON tenders;--> statement-breakpoint
CREATE TRIGGER tenders_changes_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tenders FOR EACH STATEMENT EXECUTE FUNCTION bawaba_changes_notify();--> statement-breakpoint
-- A cached list of tenders "published" or "bids opened" holds until the next deadline passes: found by this index.
CREATE INDEX IF NOT EXISTS "tenders_deadline_idx" ON "tenders" USING btree ("deadline");
