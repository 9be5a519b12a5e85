ALTER TABLE "organizations" ADD COLUMN "branding" jsonb;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "logo_sha256" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "logo_type" text;