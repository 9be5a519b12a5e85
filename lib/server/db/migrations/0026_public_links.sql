CREATE TABLE "public_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"template_id" uuid NOT NULL,
	"org_id" uuid NOT NULL,
	"environment" text NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"role_id" uuid NOT NULL,
	"fixed_people" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"access_code_hash" text,
	"expires_at" timestamp with time zone,
	"quota_total" integer,
	"quota_per_day" integer,
	"once_per_email" boolean DEFAULT false NOT NULL,
	"confirm_email" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"created_by_key_id" uuid,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "public_links_environment_check" CHECK ("public_links"."environment" in ('SANDBOX', 'PRODUCTION')),
	CONSTRAINT "public_links_status_check" CHECK ("public_links"."status" in ('ACTIVE', 'PAUSED', 'REVOKED'))
);
--> statement-breakpoint
CREATE TABLE "public_visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"link_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"named_people" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"locale" text,
	"status" text NOT NULL,
	"once" boolean DEFAULT false NOT NULL,
	"code_hash" text,
	"code_failures" integer DEFAULT 0 NOT NULL,
	"code_expires_at" timestamp with time zone,
	"email_confirmed_at" timestamp with time zone,
	"request_id" uuid,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	CONSTRAINT "public_visits_status_check" CHECK ("public_visits"."status" in ('CONFIRMING', 'STARTED'))
);
--> statement-breakpoint
ALTER TABLE "jobs" DROP CONSTRAINT "jobs_type_check";--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "source" text DEFAULT 'api' NOT NULL;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "public_link_id" uuid;--> statement-breakpoint
ALTER TABLE "public_links" ADD CONSTRAINT "public_links_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_links" ADD CONSTRAINT "public_links_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_links" ADD CONSTRAINT "public_links_role_id_template_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."template_roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_visits" ADD CONSTRAINT "public_visits_link_id_public_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."public_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_visits" ADD CONSTRAINT "public_visits_request_id_signature_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."signature_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "public_links_slug_idx" ON "public_links" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "public_links_template_idx" ON "public_links" USING btree ("template_id","created_at");--> statement-breakpoint
CREATE INDEX "public_visits_link_idx" ON "public_visits" USING btree ("link_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "public_visits_once_idx" ON "public_visits" USING btree ("link_id",lower("email")) WHERE "public_visits"."status" = 'STARTED' and "public_visits"."once";--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_public_link_id_public_links_id_fk" FOREIGN KEY ("public_link_id") REFERENCES "public"."public_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signature_requests_public_link_idx" ON "signature_requests" USING btree ("public_link_id");--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_type_check" CHECK ("jobs"."type" in ('invitation', 'webhook', 'seal', 'notify', 'sweep', 'staff-link', 'purge-blobs', 'signer-code', 'bulk-send', 'sender-notice', 'draw-pages', 'visitor-code'));--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_source_check" CHECK ("signature_requests"."source" in ('api', 'public_link'));