CREATE TABLE "sso_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"settings" jsonb NOT NULL,
	"secret_sealed" text,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	CONSTRAINT "sso_connections_kind_check" CHECK ("sso_connections"."kind" in ('OIDC', 'SAML'))
);
--> statement-breakpoint
CREATE TABLE "staff_identities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"staff_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"last_sign_in_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_attempts" ADD COLUMN "method" text DEFAULT 'PASSWORD' NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_attempts" ADD COLUMN "sso_connection_id" uuid;--> statement-breakpoint
ALTER TABLE "auth_attempts" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "password_sign_in" text DEFAULT 'ALLOWED' NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD COLUMN "method" text DEFAULT 'PASSWORD' NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD COLUMN "sso_connection_id" uuid;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD COLUMN "sso_connection_name" text;--> statement-breakpoint
ALTER TABLE "sso_connections" ADD CONSTRAINT "sso_connections_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_identities" ADD CONSTRAINT "staff_identities_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_identities" ADD CONSTRAINT "staff_identities_connection_id_sso_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."sso_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sso_connections_org_idx" ON "sso_connections" USING btree ("org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_identities_subject_idx" ON "staff_identities" USING btree ("connection_id","subject");--> statement-breakpoint
CREATE INDEX "staff_identities_staff_idx" ON "staff_identities" USING btree ("staff_id");--> statement-breakpoint
ALTER TABLE "auth_attempts" ADD CONSTRAINT "auth_attempts_method_check" CHECK ("auth_attempts"."method" in ('PASSWORD', 'OIDC', 'SAML'));--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_password_sign_in_check" CHECK ("organizations"."password_sign_in" in ('ALLOWED', 'ADMINS_ONLY'));--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_method_check" CHECK ("staff_sessions"."method" in ('PASSWORD', 'OIDC', 'SAML'));