CREATE TABLE "company_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"email" text NOT NULL,
	"roles" text[] NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_invitations_roles_known" CHECK (cardinality("company_invitations"."roles") > 0 and "company_invitations"."roles" <@ array['admin','buyer','bidder','viewer']::text[])
);
--> statement-breakpoint
CREATE TABLE "company_members" (
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"roles" text[] NOT NULL,
	"invited_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_members_company_id_user_id_pk" PRIMARY KEY("company_id","user_id"),
	CONSTRAINT "company_members_roles_known" CHECK (cardinality("company_members"."roles") > 0 and "company_members"."roles" <@ array['admin','buyer','bidder','viewer']::text[])
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_invitations_token_uq" ON "company_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "company_invitations_pending_uq" ON "company_invitations" USING btree ("company_id","email") WHERE accepted_at is null and cancelled_at is null;--> statement-breakpoint
CREATE INDEX "company_members_user_idx" ON "company_members" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_company_idx" ON "sessions" USING btree ("company_id","user_id");--> statement-breakpoint
-- Every company's owner becomes its first member with every role; their live sessions act for it.
INSERT INTO "company_members" ("company_id", "user_id", "roles", "created_at")
  SELECT "id", "owner_id", array['admin','buyer','bidder','viewer']::text[], "created_at" FROM "companies"
  WHERE "owner_id" IS NOT NULL
  ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "sessions" SET "company_id" = c."id" FROM "companies" c
  WHERE c."owner_id" = "sessions"."user_id" AND "sessions"."company_id" IS NULL;--> statement-breakpoint
-- A member's roles are read with the session (src/lib/auth.ts): a change of membership is announced on the auth
-- channel as a change of that user, so every process's session cache drops the user's entries at once.
CREATE OR REPLACE FUNCTION bawaba_member_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('bawaba_auth', json_build_object('t', 'u', 'uid', OLD.user_id)::text);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND (TG_OP = 'INSERT' OR NEW.user_id IS DISTINCT FROM OLD.user_id) THEN
    PERFORM pg_notify('bawaba_auth', json_build_object('t', 'u', 'uid', NEW.user_id)::text);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS company_members_auth_notify ON company_members;--> statement-breakpoint
CREATE TRIGGER company_members_auth_notify AFTER INSERT OR UPDATE OR DELETE ON company_members
  FOR EACH ROW EXECUTE FUNCTION bawaba_member_notify();
--> statement-breakpoint
-- A session's active company is read with it too: a change is announced like its other changes (drizzle/0002).
CREATE OR REPLACE FUNCTION bawaba_auth_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    IF TG_OP = 'DELETE' THEN
      PERFORM pg_notify('bawaba_auth', json_build_object('t', 's', 'sid', OLD.id, 'uid', OLD.user_id, 'end', true)::text);
    ELSIF NEW.revoked_at IS DISTINCT FROM OLD.revoked_at OR NEW.expires_at IS DISTINCT FROM OLD.expires_at
      OR NEW.user_id IS DISTINCT FROM OLD.user_id OR NEW.company_id IS DISTINCT FROM OLD.company_id THEN
      PERFORM pg_notify('bawaba_auth', json_build_object('t', 's', 'sid', OLD.id, 'uid', OLD.user_id,
        'end', NEW.revoked_at IS NOT NULL OR NEW.expires_at <= now() OR NEW.user_id IS DISTINCT FROM OLD.user_id)::text);
    END IF;
  ELSE
    PERFORM pg_notify('bawaba_auth', json_build_object('t', 'u', 'uid', OLD.id)::text);
  END IF;
  RETURN NULL;
END;
$$;
