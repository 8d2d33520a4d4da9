ALTER TABLE "proposals" ADD COLUMN "bafo_invited" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "bafo_price" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "bafo_submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "bafo_acted_by" integer;--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "bafo_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "bafo_deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "bafo_note" text;--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "bafo_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "bafo_started_by" integer;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_bafo_acted_by_users_id_fk" FOREIGN KEY ("bafo_acted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenders" ADD CONSTRAINT "tenders_bafo_started_by_users_id_fk" FOREIGN KEY ("bafo_started_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenders" ADD CONSTRAINT "tenders_bafo_started_whole" CHECK (("tenders"."bafo_started_at" is null) = ("tenders"."bafo_deadline" is null) and ("tenders"."bafo_started_at" is null or "tenders"."bafo_allowed"));