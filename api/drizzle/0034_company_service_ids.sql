-- companies.service_ids: the ids of a company's services in ascending order, a copy of its company_services rows
-- kept here by the triggers below whoever writes those rows (the API never writes the column). The directory's
-- keyword search matches a word's services with `service_ids && ids` (src/modules/companies/search.ts): no
-- subquery for PostgreSQL to plan again for each new word; a page reads its companies' services with their rows.
ALTER TABLE "companies" ADD COLUMN "service_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
UPDATE companies c SET service_ids = s.ids
FROM (SELECT company_id, array_agg(service_id ORDER BY service_id) AS ids FROM company_services GROUP BY company_id) s
WHERE s.company_id = c.id;--> statement-breakpoint
-- One update per statement (a company saved with its services, the large seed's thousands of rows at once), for the
-- companies the statement's rows name, before or after the change.
CREATE OR REPLACE FUNCTION bawaba_company_service_ids() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE changed int[];
BEGIN
  -- A statement's transition tables are only those its trigger declares (each branch reads its own).
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE companies SET service_ids = '{}' WHERE service_ids <> '{}';
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT company_id) INTO changed FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT company_id) INTO changed FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT company_id) INTO changed
    FROM (SELECT company_id FROM old_rows UNION SELECT company_id FROM new_rows) r;
  END IF;
  -- The rows first, then the copy: a statement of its own reads the services after the locks are held, with a
  -- snapshot that has what another transaction writing the same company's services committed meanwhile (in one
  -- UPDATE, its subquery would read the snapshot taken before the wait, and the copy would lack that change).
  PERFORM 1 FROM companies WHERE id = ANY(changed) ORDER BY id FOR NO KEY UPDATE;
  UPDATE companies c
  SET service_ids = coalesce(
    (SELECT array_agg(s.service_id ORDER BY s.service_id) FROM company_services s WHERE s.company_id = c.id),
    '{}')
  WHERE c.id = ANY(changed);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER company_services_ids_insert AFTER INSERT ON company_services REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bawaba_company_service_ids();--> statement-breakpoint
CREATE TRIGGER company_services_ids_update AFTER UPDATE ON company_services REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bawaba_company_service_ids();--> statement-breakpoint
CREATE TRIGGER company_services_ids_delete AFTER DELETE ON company_services REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bawaba_company_service_ids();--> statement-breakpoint
CREATE TRIGGER company_services_ids_truncate AFTER TRUNCATE ON company_services FOR EACH STATEMENT EXECUTE FUNCTION bawaba_company_service_ids();
