ALTER TABLE "organizations" ADD COLUMN "default_expiry_days" integer;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "default_reminder_first_after_days" integer;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "default_reminder_every_days" integer;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "default_reminder_max" integer;--> statement-breakpoint
ALTER TABLE "recipients" ADD COLUMN "reminders_sent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "recipients" ADD COLUMN "last_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "email_subject" text;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "email_message" text;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "expiry_days" integer;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "reminder_first_after_days" integer;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "reminder_every_days" integer;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "reminder_max" integer;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "sender_name" text;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "sender_email" text;--> statement-breakpoint
CREATE INDEX "requests_reminders_idx" ON "signature_requests" USING btree ("status") WHERE "signature_requests"."reminder_max" is not null;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_default_reminders_check" CHECK (("organizations"."default_reminder_first_after_days" is null) = ("organizations"."default_reminder_every_days" is null) and ("organizations"."default_reminder_first_after_days" is null) = ("organizations"."default_reminder_max" is null));--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_reminders_check" CHECK (("signature_requests"."reminder_first_after_days" is null) = ("signature_requests"."reminder_every_days" is null) and ("signature_requests"."reminder_first_after_days" is null) = ("signature_requests"."reminder_max" is null));