CREATE TABLE "signer_drafts" (
	"field_id" uuid PRIMARY KEY NOT NULL,
	"recipient_id" uuid NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "signer_drafts" ADD CONSTRAINT "signer_drafts_field_id_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signer_drafts" ADD CONSTRAINT "signer_drafts_recipient_id_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."recipients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signer_drafts_recipient_idx" ON "signer_drafts" USING btree ("recipient_id");