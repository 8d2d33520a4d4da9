-- Four eyes (the approver role, a company's approval threshold, decision requests), the standstill after an award decision (5 working days by default for every tender, older ones too) and bidders' objections.
CREATE TABLE "tender_decision_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"tender_id" integer NOT NULL,
	"action" text NOT NULL,
	"proposal_id" integer,
	"note" text,
	"requested_by" integer NOT NULL,
	"company_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"answered_by" integer,
	"answered_at" timestamp with time zone,
	"refusal_reason" text
);
--> statement-breakpoint
CREATE TABLE "tender_objections" (
	"id" serial PRIMARY KEY NOT NULL,
	"tender_id" integer NOT NULL,
	"proposal_id" integer NOT NULL,
	"filed_by" integer NOT NULL,
	"company_id" integer,
	"grounds" jsonb NOT NULL,
	"statement" text NOT NULL,
	"remedy" text NOT NULL,
	"document_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"answer" text,
	"answered_by" integer,
	"answered_company_id" integer,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "company_invitations" DROP CONSTRAINT "company_invitations_roles_known";--> statement-breakpoint
ALTER TABLE "company_members" DROP CONSTRAINT "company_members_roles_known";--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "decision_approval_above" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "standstill_days" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "standstill_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "decision_requested_by" integer;--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "open_objections" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tender_decision_requests" ADD CONSTRAINT "tender_decision_requests_tender_id_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tenders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_decision_requests" ADD CONSTRAINT "tender_decision_requests_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_decision_requests" ADD CONSTRAINT "tender_decision_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_decision_requests" ADD CONSTRAINT "tender_decision_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_decision_requests" ADD CONSTRAINT "tender_decision_requests_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_objections" ADD CONSTRAINT "tender_objections_tender_id_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tenders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_objections" ADD CONSTRAINT "tender_objections_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_objections" ADD CONSTRAINT "tender_objections_filed_by_users_id_fk" FOREIGN KEY ("filed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_objections" ADD CONSTRAINT "tender_objections_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_objections" ADD CONSTRAINT "tender_objections_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_objections" ADD CONSTRAINT "tender_objections_answered_company_id_companies_id_fk" FOREIGN KEY ("answered_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tender_decision_requests_pending_uq" ON "tender_decision_requests" USING btree ("tender_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "tender_decision_requests_tender_idx" ON "tender_decision_requests" USING btree ("tender_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "tender_objections_proposal_uq" ON "tender_objections" USING btree ("proposal_id");--> statement-breakpoint
CREATE INDEX "tender_objections_tender_idx" ON "tender_objections" USING btree ("tender_id","id");--> statement-breakpoint
CREATE INDEX "tender_objections_open_idx" ON "tender_objections" USING btree ("created_at") WHERE status = 'open';--> statement-breakpoint
ALTER TABLE "tenders" ADD CONSTRAINT "tenders_decision_requested_by_users_id_fk" FOREIGN KEY ("decision_requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tenders_standstill_idx" ON "tenders" USING btree ("standstill_ends_at") WHERE standstill_ends_at is not null;--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_roles_known" CHECK (cardinality("company_invitations"."roles") > 0 and "company_invitations"."roles" <@ array['admin','buyer','bidder','viewer','approver']::text[]);--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_roles_known" CHECK (cardinality("company_members"."roles") > 0 and "company_members"."roles" <@ array['admin','buyer','bidder','viewer','approver']::text[]);--> statement-breakpoint
ALTER TABLE "tenders" ADD CONSTRAINT "tenders_standstill_days_range" CHECK ("tenders"."standstill_days" between 0 and 30);