DROP INDEX "follows_user_service_uq";--> statement-breakpoint
DROP INDEX "follows_user_category_uq";--> statement-breakpoint
-- A company follows a service or a category once: of two members' follows of the same one, the older stays.
DELETE FROM "follows" f USING "follows" older
 WHERE f."company_id" IS NOT NULL AND older."company_id" = f."company_id" AND older."id" < f."id"
   AND (older."service_id" = f."service_id" OR older."category_id" = f."category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "follows_person_service_uq" ON "follows" USING btree ("user_id","service_id") WHERE "follows"."service_id" is not null and "follows"."company_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "follows_person_category_uq" ON "follows" USING btree ("user_id","category_id") WHERE "follows"."category_id" is not null and "follows"."company_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "follows_company_service_uq" ON "follows" USING btree ("company_id","service_id") WHERE "follows"."service_id" is not null and "follows"."company_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "follows_company_category_uq" ON "follows" USING btree ("company_id","category_id") WHERE "follows"."category_id" is not null and "follows"."company_id" is not null;