CREATE TABLE "clarifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"tender_id" integer NOT NULL,
	"asker_id" integer NOT NULL,
	"question" text NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tender_amendments" (
	"id" serial PRIMARY KEY NOT NULL,
	"tender_id" integer NOT NULL,
	"number" integer NOT NULL,
	"reason" text NOT NULL,
	"changes" jsonb NOT NULL,
	"deadline_pushed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tender_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"tender_id" integer NOT NULL,
	"actor_id" integer,
	"action" text NOT NULL,
	"from_state" text NOT NULL,
	"to_state" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "evaluation" text;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "evaluation_reason" text;--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "clarification_cutoff" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "outcome_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "outcome_note" text;--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "awarded_proposal_id" integer;--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "amendment_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "clarifications" ADD CONSTRAINT "clarifications_tender_id_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tenders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clarifications" ADD CONSTRAINT "clarifications_asker_id_users_id_fk" FOREIGN KEY ("asker_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_amendments" ADD CONSTRAINT "tender_amendments_tender_id_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tenders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_events" ADD CONSTRAINT "tender_events_tender_id_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tenders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_events" ADD CONSTRAINT "tender_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clarifications_tender_idx" ON "clarifications" USING btree ("tender_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "tender_amendments_uq" ON "tender_amendments" USING btree ("tender_id","number");--> statement-breakpoint
CREATE INDEX "tender_events_tender_idx" ON "tender_events" USING btree ("tender_id","id");--> statement-breakpoint
CREATE INDEX "tenders_outcome_idx" ON "tenders" USING btree ("outcome");