ALTER TABLE "recipients" ADD COLUMN "can_delegate" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "recipients" ADD COLUMN "delegated_from" jsonb;--> statement-breakpoint
ALTER TABLE "retired_signing_links" ADD COLUMN "reason" text DEFAULT 'corrected' NOT NULL;--> statement-breakpoint
ALTER TABLE "template_roles" ADD COLUMN "can_delegate" boolean DEFAULT false NOT NULL;