CREATE TABLE "company_credentials" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"uploaded_by" integer,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"issuer" text NOT NULL,
	"issued_on" date NOT NULL,
	"expires_on" date NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"file_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"decided_by" integer,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_credentials_kind_known" CHECK ("company_credentials"."kind" in ('commercial_registration','tax_card','iso_certificate','classification_certificate','other')),
	CONSTRAINT "company_credentials_status_known" CHECK ("company_credentials"."status" in ('pending','verified','rejected','expired')),
	CONSTRAINT "company_credentials_dates" CHECK ("company_credentials"."expires_on" > "company_credentials"."issued_on")
);
--> statement-breakpoint
CREATE TABLE "credential_notices" (
	"credential_id" integer NOT NULL,
	"days" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credential_notices_credential_id_days_pk" PRIMARY KEY("credential_id","days")
);
--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "required_credentials" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "company_credentials" ADD CONSTRAINT "company_credentials_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_credentials" ADD CONSTRAINT "company_credentials_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_credentials" ADD CONSTRAINT "company_credentials_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_credentials" ADD CONSTRAINT "company_credentials_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credential_notices" ADD CONSTRAINT "credential_notices_credential_id_company_credentials_id_fk" FOREIGN KEY ("credential_id") REFERENCES "public"."company_credentials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_credentials_company_idx" ON "company_credentials" USING btree ("company_id","status","expires_at");--> statement-breakpoint
CREATE INDEX "company_credentials_status_idx" ON "company_credentials" USING btree ("status","expires_at");--> statement-breakpoint
-- The directory's cached pages show each company's credential badges: dropped in every process when a statement
-- changes the credentials, whoever runs it (announced on bawaba_changes like the directory's tables, migration 0009).
DROP TRIGGER IF EXISTS company_credentials_changes_notify ON company_credentials;--> statement-breakpoint
CREATE TRIGGER company_credentials_changes_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON company_credentials FOR EACH STATEMENT EXECUTE FUNCTION bawaba_changes_notify();
