ALTER TABLE "follows" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "follows" ADD COLUMN "acted_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "interests" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "interests" ADD COLUMN "acted_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "acted_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "acted_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "requester_company_id" integer;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "acted_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "tender_invitations" ADD COLUMN "inviter_company_id" integer;--> statement-breakpoint
ALTER TABLE "tender_invitations" ADD COLUMN "acted_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "acted_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_acted_by_user_id_users_id_fk" FOREIGN KEY ("acted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interests" ADD CONSTRAINT "interests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interests" ADD CONSTRAINT "interests_acted_by_user_id_users_id_fk" FOREIGN KEY ("acted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_acted_by_user_id_users_id_fk" FOREIGN KEY ("acted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_acted_by_user_id_users_id_fk" FOREIGN KEY ("acted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_requester_company_id_companies_id_fk" FOREIGN KEY ("requester_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_acted_by_user_id_users_id_fk" FOREIGN KEY ("acted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_invitations" ADD CONSTRAINT "tender_invitations_inviter_company_id_companies_id_fk" FOREIGN KEY ("inviter_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_invitations" ADD CONSTRAINT "tender_invitations_acted_by_user_id_users_id_fk" FOREIGN KEY ("acted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenders" ADD CONSTRAINT "tenders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenders" ADD CONSTRAINT "tenders_acted_by_user_id_users_id_fk" FOREIGN KEY ("acted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "follows_company_idx" ON "follows" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "interests_company_idx" ON "interests" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "proposals_company_idx" ON "proposals" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "requests_requester_company_idx" ON "service_requests" USING btree ("requester_company_id");--> statement-breakpoint
CREATE INDEX "tenders_company_idx" ON "tenders" USING btree ("company_id","id");--> statement-breakpoint
-- Every existing record belongs to the company its owner registered (companies.owner_id; null for a person without
-- one) and names that owner as the member who acted.
UPDATE "tenders" SET "acted_by_user_id" = "owner_id",
  "company_id" = (SELECT c."id" FROM "companies" c WHERE c."owner_id" = "tenders"."owner_id");--> statement-breakpoint
UPDATE "proposals" SET "acted_by_user_id" = "bidder_id",
  "company_id" = (SELECT c."id" FROM "companies" c WHERE c."owner_id" = "proposals"."bidder_id");--> statement-breakpoint
UPDATE "interests" SET "acted_by_user_id" = "user_id",
  "company_id" = (SELECT c."id" FROM "companies" c WHERE c."owner_id" = "interests"."user_id");--> statement-breakpoint
UPDATE "follows" SET "acted_by_user_id" = "user_id",
  "company_id" = (SELECT c."id" FROM "companies" c WHERE c."owner_id" = "follows"."user_id");--> statement-breakpoint
UPDATE "payments" SET "acted_by_user_id" = "user_id",
  "company_id" = (SELECT c."id" FROM "companies" c WHERE c."owner_id" = "payments"."user_id");--> statement-breakpoint
UPDATE "service_requests" SET "acted_by_user_id" = "requester_id",
  "requester_company_id" = (SELECT c."id" FROM "companies" c WHERE c."owner_id" = "service_requests"."requester_id");--> statement-breakpoint
UPDATE "tender_invitations" SET "acted_by_user_id" = "invited_by",
  "inviter_company_id" = (SELECT c."id" FROM "companies" c WHERE c."owner_id" = "tender_invitations"."invited_by");
