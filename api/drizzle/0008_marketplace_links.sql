CREATE TABLE "follows" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"service_id" integer,
	"category_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follows_one_target" CHECK (("follows"."service_id" is null) <> ("follows"."category_id" is null))
);
--> statement-breakpoint
CREATE TABLE "tender_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"tender_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"invited_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"opened_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "interests" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "interests" ADD COLUMN "invited" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_invitations" ADD CONSTRAINT "tender_invitations_tender_id_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tenders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_invitations" ADD CONSTRAINT "tender_invitations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_invitations" ADD CONSTRAINT "tender_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "follows_user_service_uq" ON "follows" USING btree ("user_id","service_id") WHERE "follows"."service_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "follows_user_category_uq" ON "follows" USING btree ("user_id","category_id") WHERE "follows"."category_id" is not null;--> statement-breakpoint
CREATE INDEX "follows_service_idx" ON "follows" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "follows_category_idx" ON "follows" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tender_invitations_tender_company_uq" ON "tender_invitations" USING btree ("tender_id","company_id");--> statement-breakpoint
CREATE INDEX "tender_invitations_company_idx" ON "tender_invitations" USING btree ("company_id");