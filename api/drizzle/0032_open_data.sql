CREATE TABLE "ocds_pending" (
	"tender_id" integer PRIMARY KEY NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ocds_releases" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"ocid" text NOT NULL,
	"release_id" text NOT NULL,
	"tender_id" integer NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tags" text[] NOT NULL,
	"release" jsonb NOT NULL,
	"digest" text NOT NULL,
	CONSTRAINT "ocds_releases_release_id_unique" UNIQUE("release_id")
);
--> statement-breakpoint
ALTER TABLE "ocds_pending" ADD CONSTRAINT "ocds_pending_tender_id_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tenders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ocds_releases" ADD CONSTRAINT "ocds_releases_tender_id_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ocds_releases_tender_idx" ON "ocds_releases" USING btree ("tender_id","seq");--> statement-breakpoint
CREATE INDEX "ocds_releases_published_idx" ON "ocds_releases" USING btree ("published_at","seq");