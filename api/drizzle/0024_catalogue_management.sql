-- Catalogue entries get their place among siblings, when they were retired (hidden from new use, kept where used)
-- and a version every administrator write must name; a name is used once per language among siblings, any case.
ALTER TABLE "categories" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- A name written twice (any case) before names had to differ: the older entry keeps it, each later one gets
-- its id after it ("Plumbing (17)"), so that the unique indexes below can be built.
UPDATE "categories" SET "name_en" = "name_en" || ' (' || "id" || ')' WHERE EXISTS (SELECT 1 FROM "categories" older WHERE older.id < "categories".id AND lower(older.name_en) = lower("categories".name_en));--> statement-breakpoint
UPDATE "categories" SET "name_ar" = "name_ar" || ' (' || "id" || ')' WHERE EXISTS (SELECT 1 FROM "categories" older WHERE older.id < "categories".id AND lower(older.name_ar) = lower("categories".name_ar));--> statement-breakpoint
UPDATE "locations" SET "name_en" = "name_en" || ' (' || "id" || ')' WHERE EXISTS (SELECT 1 FROM "locations" older WHERE older.id < "locations".id AND lower(older.name_en) = lower("locations".name_en));--> statement-breakpoint
UPDATE "locations" SET "name_ar" = "name_ar" || ' (' || "id" || ')' WHERE EXISTS (SELECT 1 FROM "locations" older WHERE older.id < "locations".id AND lower(older.name_ar) = lower("locations".name_ar));--> statement-breakpoint
UPDATE "services" SET "name_en" = "name_en" || ' (' || "id" || ')' WHERE EXISTS (SELECT 1 FROM "services" older WHERE older.id < "services".id AND lower(older.name_en) = lower("services".name_en) AND older.category_id = "services".category_id);--> statement-breakpoint
UPDATE "services" SET "name_ar" = "name_ar" || ' (' || "id" || ')' WHERE EXISTS (SELECT 1 FROM "services" older WHERE older.id < "services".id AND lower(older.name_ar) = lower("services".name_ar) AND older.category_id = "services".category_id);--> statement-breakpoint
CREATE UNIQUE INDEX "categories_name_en_uq" ON "categories" USING btree (lower("name_en"));--> statement-breakpoint
CREATE UNIQUE INDEX "categories_name_ar_uq" ON "categories" USING btree (lower("name_ar"));--> statement-breakpoint
CREATE UNIQUE INDEX "locations_name_en_uq" ON "locations" USING btree (lower("name_en"));--> statement-breakpoint
CREATE UNIQUE INDEX "locations_name_ar_uq" ON "locations" USING btree (lower("name_ar"));--> statement-breakpoint
CREATE UNIQUE INDEX "services_name_en_uq" ON "services" USING btree ("category_id",lower("name_en"));--> statement-breakpoint
CREATE UNIQUE INDEX "services_name_ar_uq" ON "services" USING btree ("category_id",lower("name_ar"));