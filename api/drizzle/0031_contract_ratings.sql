CREATE TABLE "contract_ratings" (
	"id" serial PRIMARY KEY NOT NULL,
	"contract_id" integer NOT NULL,
	"contract_status" text NOT NULL,
	"rater_side" text NOT NULL,
	"rater_user_id" integer NOT NULL,
	"rater_company_id" integer,
	"quality" smallint NOT NULL,
	"timeliness" smallint NOT NULL,
	"communication" smallint NOT NULL,
	"payment_on_time" smallint,
	"comment" text DEFAULT '' NOT NULL,
	"reply" text,
	"replied_at" timestamp with time zone,
	"replied_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_ratings_contract_closed" CHECK ("contract_ratings"."contract_status" in ('completed', 'terminated')),
	CONSTRAINT "contract_ratings_side_known" CHECK ("contract_ratings"."rater_side" in ('buyer', 'supplier')),
	CONSTRAINT "contract_ratings_scores" CHECK ("contract_ratings"."quality" between 1 and 5 and "contract_ratings"."timeliness" between 1 and 5 and "contract_ratings"."communication" between 1 and 5 and ("contract_ratings"."payment_on_time" is null or "contract_ratings"."payment_on_time" between 1 and 5)),
	CONSTRAINT "contract_ratings_payment_by_supplier" CHECK (("contract_ratings"."rater_side" = 'supplier') = ("contract_ratings"."payment_on_time" is not null)),
	CONSTRAINT "contract_ratings_reply_whole" CHECK (("contract_ratings"."reply" is null) = ("contract_ratings"."replied_at" is null))
);
--> statement-breakpoint
ALTER TABLE "contract_ratings" ADD CONSTRAINT "contract_ratings_rater_user_id_users_id_fk" FOREIGN KEY ("rater_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_ratings" ADD CONSTRAINT "contract_ratings_rater_company_id_companies_id_fk" FOREIGN KEY ("rater_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_ratings" ADD CONSTRAINT "contract_ratings_replied_by_users_id_fk" FOREIGN KEY ("replied_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_ratings" ADD CONSTRAINT "contract_ratings_closed_contract_fk" FOREIGN KEY ("contract_id","contract_status") REFERENCES "public"."contracts"("id","status") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contract_ratings_side_uq" ON "contract_ratings" USING btree ("contract_id","rater_side");--> statement-breakpoint
-- The directory's caches (modules/companies/directory.ts) show each company's reputation, made of its contracts and
-- their ratings: every process drops them when either table changes, whoever wrote (bawaba_changes, drizzle/0009).
DROP TRIGGER IF EXISTS contracts_changes_notify ON contracts;--> statement-breakpoint
CREATE TRIGGER contracts_changes_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON contracts FOR EACH STATEMENT EXECUTE FUNCTION bawaba_changes_notify();--> statement-breakpoint
DROP TRIGGER IF EXISTS contract_ratings_changes_notify ON contract_ratings;--> statement-breakpoint
CREATE TRIGGER contract_ratings_changes_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON contract_ratings FOR EACH STATEMENT EXECUTE FUNCTION bawaba_changes_notify();
