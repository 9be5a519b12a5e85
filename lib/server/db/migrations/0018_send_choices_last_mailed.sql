ALTER TABLE "jobs" DROP CONSTRAINT "jobs_type_check";--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "default_date_format" text DEFAULT 'YYYY-MM-DD' NOT NULL;--> statement-breakpoint
ALTER TABLE "recipients" ADD COLUMN "last_mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "sent_by_staff_id" uuid;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_sent_by_staff_id_staff_users_id_fk" FOREIGN KEY ("sent_by_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_type_check" CHECK ("jobs"."type" in ('invitation', 'webhook', 'seal', 'notify', 'sweep', 'staff-link', 'purge-blobs', 'signer-code', 'bulk-send', 'sender-notice'));--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_default_date_format_check" CHECK ("organizations"."default_date_format" in ('YYYY-MM-DD', 'DD.MM.YYYY', 'DD/MM/YYYY', 'MM/DD/YYYY', 'D MMMM YYYY'));