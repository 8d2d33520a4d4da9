-- Every tender made before has been judged at the lowest price, opened whole, and no proposal had price documents: the defaults say so.
ALTER TABLE "proposal_versions" ADD COLUMN "price_documents" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "technical_passed" boolean;--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "evaluation_method" text DEFAULT 'lowest_price' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "envelopes" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "evaluation_criteria" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "technical_weight" integer;--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "financial_weight" integer;--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "pass_mark" integer;--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "technical_locked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "technical_locked_by" integer;--> statement-breakpoint
ALTER TABLE "tenders" ADD CONSTRAINT "tenders_technical_locked_by_users_id_fk" FOREIGN KEY ("technical_locked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenders" ADD CONSTRAINT "tenders_evaluation_known" CHECK ("tenders"."evaluation_method" in ('lowest_price', 'weighted') and "tenders"."envelopes" in (1, 2));