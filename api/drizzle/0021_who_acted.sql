DROP INDEX "interests_tender_user_uq";--> statement-breakpoint
DROP INDEX "proposals_tender_bidder_uq";--> statement-breakpoint
ALTER TABLE "proposal_versions" ADD COLUMN "acted_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "tender_events" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "proposal_versions" ADD CONSTRAINT "proposal_versions_acted_by_user_id_users_id_fk" FOREIGN KEY ("acted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_events" ADD CONSTRAINT "tender_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "interests_tender_company_uq" ON "interests" USING btree ("tender_id","company_id") WHERE company_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "interests_tender_person_uq" ON "interests" USING btree ("tender_id","user_id") WHERE company_id is null;--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_tender_company_uq" ON "proposals" USING btree ("tender_id","company_id") WHERE company_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_tender_person_uq" ON "proposals" USING btree ("tender_id","bidder_id") WHERE company_id is null;--> statement-breakpoint
-- Every version so far was sent by its proposal's bidder.
UPDATE "proposal_versions" SET "acted_by_user_id" = p."bidder_id"
  FROM "proposals" p WHERE p."id" = "proposal_versions"."proposal_id";--> statement-breakpoint
-- An event a member of the tender's company made (its owner, or a colleague since tenders belong to companies) was
-- made for that company; a platform administrator's (never a member), the system's and a personal tender's stay
-- without one.
UPDATE "tender_events" SET "company_id" = t."company_id"
  FROM "tenders" t
 WHERE t."id" = "tender_events"."tender_id" AND t."company_id" IS NOT NULL
   AND "tender_events"."actor_id" IS NOT NULL
   AND ("tender_events"."actor_id" = t."owner_id"
        OR EXISTS (SELECT 1 FROM "company_members" m
                    WHERE m."company_id" = t."company_id" AND m."user_id" = "tender_events"."actor_id"));
