ALTER TABLE "recipients" DROP CONSTRAINT "recipients_status_check";--> statement-breakpoint
ALTER TABLE "signer_drafts" DROP CONSTRAINT "signer_drafts_pkey";--> statement-breakpoint
ALTER TABLE "signer_drafts" ADD CONSTRAINT "signer_drafts_field_id_recipient_id_pk" PRIMARY KEY("field_id","recipient_id");--> statement-breakpoint
ALTER TABLE "fields" ADD COLUMN "seat" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "fields" ADD COLUMN "signed_by" uuid;--> statement-breakpoint
ALTER TABLE "recipients" ADD COLUMN "group_id" uuid;--> statement-breakpoint
ALTER TABLE "recipients" ADD COLUMN "group_name" text;--> statement-breakpoint
ALTER TABLE "recipients" ADD COLUMN "group_required" integer;--> statement-breakpoint
ALTER TABLE "recipients" ADD COLUMN "group_seat" integer;--> statement-breakpoint
ALTER TABLE "template_fields" ADD COLUMN "seat" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "template_roles" ADD COLUMN "group_required" integer;--> statement-breakpoint
CREATE INDEX "recipients_group_idx" ON "recipients" USING btree ("group_id");--> statement-breakpoint
ALTER TABLE "recipients" ADD CONSTRAINT "recipients_status_check" CHECK ("recipients"."status" in ('PENDING', 'SENT', 'VIEWED', 'SIGNED', 'APPROVED', 'DECLINED', 'RELEASED'));