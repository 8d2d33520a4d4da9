CREATE TABLE "contract_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"contract_id" integer NOT NULL,
	"actor_id" integer,
	"company_id" integer,
	"action" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_milestones" (
	"id" serial PRIMARY KEY NOT NULL,
	"contract_id" integer NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"due_date" date NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"changes_reason" text,
	"accepted_at" timestamp with time zone,
	"accepted_by" integer,
	"accepted_company_id" integer,
	"paid_at" timestamp with time zone,
	CONSTRAINT "contract_milestones_status_known" CHECK ("contract_milestones"."status" in ('pending', 'submitted', 'changesRequested', 'accepted')),
	CONSTRAINT "contract_milestones_amount_positive" CHECK ("contract_milestones"."amount" > 0),
	CONSTRAINT "contract_milestones_paid_accepted" CHECK ("contract_milestones"."paid_at" is null or "contract_milestones"."status" = 'accepted')
);
--> statement-breakpoint
CREATE TABLE "contract_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"contract_id" integer NOT NULL,
	"milestone_id" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"currency" text NOT NULL,
	"provider" text NOT NULL,
	"reference" text NOT NULL,
	"company_id" integer,
	"acted_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_payments_milestone_id_unique" UNIQUE("milestone_id"),
	CONSTRAINT "contract_payments_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "contract_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"milestone_id" integer NOT NULL,
	"note" text NOT NULL,
	"file_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"company_id" integer,
	"acted_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_variations" (
	"id" serial PRIMARY KEY NOT NULL,
	"contract_id" integer NOT NULL,
	"milestone_id" integer,
	"due_date" date,
	"amount" numeric(14, 2),
	"scope" text,
	"reason" text NOT NULL,
	"status" text DEFAULT 'proposed' NOT NULL,
	"proposed_side" text NOT NULL,
	"proposed_by" integer NOT NULL,
	"proposed_company_id" integer,
	"previous_due_date" date,
	"previous_amount" numeric(14, 2),
	"decided_by" integer,
	"decided_company_id" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_variations_status_known" CHECK ("contract_variations"."status" in ('proposed', 'accepted', 'rejected', 'withdrawn', 'lapsed')),
	CONSTRAINT "contract_variations_side_known" CHECK ("contract_variations"."proposed_side" in ('buyer', 'supplier')),
	CONSTRAINT "contract_variations_changes_something" CHECK ("contract_variations"."scope" is not null or ("contract_variations"."milestone_id" is not null and ("contract_variations"."due_date" is not null or "contract_variations"."amount" is not null)))
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"tender_id" integer NOT NULL,
	"proposal_id" integer NOT NULL,
	"buyer_company_id" integer,
	"buyer_user_id" integer NOT NULL,
	"supplier_company_id" integer,
	"supplier_user_id" integer NOT NULL,
	"value" numeric(14, 2) NOT NULL,
	"currency" text DEFAULT 'QAR' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"scope" text,
	"buyer_accepted_at" timestamp with time zone,
	"buyer_accepted_by" integer,
	"supplier_accepted_at" timestamp with time zone,
	"supplier_accepted_by" integer,
	"completed_at" timestamp with time zone,
	"terminated_at" timestamp with time zone,
	"terminated_by" integer,
	"termination_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contracts_number_unique" UNIQUE("number"),
	CONSTRAINT "contracts_tender_id_unique" UNIQUE("tender_id"),
	CONSTRAINT "contracts_proposal_id_unique" UNIQUE("proposal_id"),
	CONSTRAINT "contracts_id_status_uq" UNIQUE("id","status"),
	CONSTRAINT "contracts_status_known" CHECK ("contracts"."status" in ('pending', 'active', 'completed', 'terminated')),
	CONSTRAINT "contracts_accepted_whole" CHECK (("contracts"."buyer_accepted_at" is null) = ("contracts"."buyer_accepted_by" is null) and ("contracts"."supplier_accepted_at" is null) = ("contracts"."supplier_accepted_by" is null)),
	CONSTRAINT "contracts_active_accepted" CHECK ("contracts"."status" = 'pending' or "contracts"."status" = 'terminated' or ("contracts"."buyer_accepted_at" is not null and "contracts"."supplier_accepted_at" is not null)),
	CONSTRAINT "contracts_terminated_reason" CHECK (("contracts"."status" = 'terminated') = ("contracts"."termination_reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "contract_events" ADD CONSTRAINT "contract_events_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_events" ADD CONSTRAINT "contract_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_events" ADD CONSTRAINT "contract_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_milestones" ADD CONSTRAINT "contract_milestones_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_milestones" ADD CONSTRAINT "contract_milestones_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_milestones" ADD CONSTRAINT "contract_milestones_accepted_company_id_companies_id_fk" FOREIGN KEY ("accepted_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_payments" ADD CONSTRAINT "contract_payments_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_payments" ADD CONSTRAINT "contract_payments_milestone_id_contract_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."contract_milestones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_payments" ADD CONSTRAINT "contract_payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_payments" ADD CONSTRAINT "contract_payments_acted_by_user_id_users_id_fk" FOREIGN KEY ("acted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_submissions" ADD CONSTRAINT "contract_submissions_milestone_id_contract_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."contract_milestones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_submissions" ADD CONSTRAINT "contract_submissions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_submissions" ADD CONSTRAINT "contract_submissions_acted_by_user_id_users_id_fk" FOREIGN KEY ("acted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_variations" ADD CONSTRAINT "contract_variations_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_variations" ADD CONSTRAINT "contract_variations_milestone_id_contract_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."contract_milestones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_variations" ADD CONSTRAINT "contract_variations_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_variations" ADD CONSTRAINT "contract_variations_proposed_company_id_companies_id_fk" FOREIGN KEY ("proposed_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_variations" ADD CONSTRAINT "contract_variations_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_variations" ADD CONSTRAINT "contract_variations_decided_company_id_companies_id_fk" FOREIGN KEY ("decided_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_tender_id_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_buyer_company_id_companies_id_fk" FOREIGN KEY ("buyer_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_buyer_user_id_users_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_supplier_company_id_companies_id_fk" FOREIGN KEY ("supplier_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_supplier_user_id_users_id_fk" FOREIGN KEY ("supplier_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_buyer_accepted_by_users_id_fk" FOREIGN KEY ("buyer_accepted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_supplier_accepted_by_users_id_fk" FOREIGN KEY ("supplier_accepted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_terminated_by_users_id_fk" FOREIGN KEY ("terminated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_events_contract_idx" ON "contract_events" USING btree ("contract_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_milestones_position_uq" ON "contract_milestones" USING btree ("contract_id","position");--> statement-breakpoint
CREATE INDEX "contract_submissions_milestone_idx" ON "contract_submissions" USING btree ("milestone_id","id");--> statement-breakpoint
CREATE INDEX "contract_variations_contract_idx" ON "contract_variations" USING btree ("contract_id","id");--> statement-breakpoint
CREATE INDEX "contracts_buyer_company_idx" ON "contracts" USING btree ("buyer_company_id");--> statement-breakpoint
CREATE INDEX "contracts_supplier_company_idx" ON "contracts" USING btree ("supplier_company_id");--> statement-breakpoint
CREATE INDEX "contracts_buyer_user_idx" ON "contracts" USING btree ("buyer_user_id");--> statement-breakpoint
CREATE INDEX "contracts_supplier_user_idx" ON "contracts" USING btree ("supplier_user_id");