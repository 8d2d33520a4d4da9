ALTER TABLE "companies" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "rejection_reason" text;