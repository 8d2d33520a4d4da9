-- The evaluation panel: evaluators appointed per tender (one chair), their conflict-of-interest declarations and their scores per proposal and criterion.
CREATE TABLE "tender_evaluators" (
	"id" serial PRIMARY KEY NOT NULL,
	"tender_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"is_chair" boolean DEFAULT false NOT NULL,
	"declaration" text DEFAULT 'pending' NOT NULL,
	"decline_reason" text,
	"declared_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"appointed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tender_evaluators_declaration_known" CHECK ("tender_evaluators"."declaration" in ('pending', 'signed', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "tender_scores" (
	"id" serial PRIMARY KEY NOT NULL,
	"tender_id" integer NOT NULL,
	"evaluator_id" integer NOT NULL,
	"proposal_id" integer NOT NULL,
	"criterion" integer NOT NULL,
	"score" integer NOT NULL,
	"comment" text NOT NULL,
	"revisit_reason" text,
	"revisit_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tender_scores_score_range" CHECK ("tender_scores"."score" between 0 and 10)
);
--> statement-breakpoint
ALTER TABLE "tender_evaluators" ADD CONSTRAINT "tender_evaluators_tender_id_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tenders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_evaluators" ADD CONSTRAINT "tender_evaluators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_evaluators" ADD CONSTRAINT "tender_evaluators_appointed_by_users_id_fk" FOREIGN KEY ("appointed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_scores" ADD CONSTRAINT "tender_scores_tender_id_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tenders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_scores" ADD CONSTRAINT "tender_scores_evaluator_id_users_id_fk" FOREIGN KEY ("evaluator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_scores" ADD CONSTRAINT "tender_scores_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tender_evaluators_uq" ON "tender_evaluators" USING btree ("tender_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tender_evaluators_chair_uq" ON "tender_evaluators" USING btree ("tender_id") WHERE is_chair;--> statement-breakpoint
CREATE INDEX "tender_evaluators_user_idx" ON "tender_evaluators" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tender_scores_uq" ON "tender_scores" USING btree ("tender_id","evaluator_id","proposal_id","criterion");