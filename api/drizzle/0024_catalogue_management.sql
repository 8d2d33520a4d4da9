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
CREATE UNIQUE INDEX "categories_name_en_uq" ON "categories" USING btree (lower("name_en"));--> statement-breakpoint
CREATE UNIQUE INDEX "categories_name_ar_uq" ON "categories" USING btree (lower("name_ar"));--> statement-breakpoint
CREATE UNIQUE INDEX "locations_name_en_uq" ON "locations" USING btree (lower("name_en"));--> statement-breakpoint
CREATE UNIQUE INDEX "locations_name_ar_uq" ON "locations" USING btree (lower("name_ar"));--> statement-breakpoint
CREATE UNIQUE INDEX "services_name_en_uq" ON "services" USING btree ("category_id",lower("name_en"));--> statement-breakpoint
CREATE UNIQUE INDEX "services_name_ar_uq" ON "services" USING btree ("category_id",lower("name_ar"));