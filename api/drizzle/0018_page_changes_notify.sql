-- The tender market's kept pages (src/modules/tenders/list.ts) show a tender's owner, documents and winner, and are
-- kept per caller's stake (their interests and proposals): every statement changing those tables is announced on
-- bawaba_changes too (migration 0009), whoever runs it, so every process drops what it keeps of them.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['users', 'files', 'proposals', 'interests'] LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_changes_notify', t);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION bawaba_changes_notify()',
      t || '_changes_notify', t);
  END LOOP;
END;
$$;
