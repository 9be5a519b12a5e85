ALTER TABLE "organizations" ADD COLUMN "timezone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "recipients" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "timezone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "date_format" text DEFAULT 'YYYY-MM-DD' NOT NULL;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_date_format_check" CHECK ("signature_requests"."date_format" in ('YYYY-MM-DD', 'DD.MM.YYYY', 'DD/MM/YYYY', 'MM/DD/YYYY', 'D MMMM YYYY'));