CREATE TABLE "signer_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"recipient_id" uuid NOT NULL,
	"field_id" uuid NOT NULL,
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fields" DROP CONSTRAINT "fields_type_check";--> statement-breakpoint
ALTER TABLE "template_fields" DROP CONSTRAINT "template_fields_type_check";--> statement-breakpoint
ALTER TABLE "fields" ADD COLUMN "accept" jsonb;--> statement-breakpoint
ALTER TABLE "fields" ADD COLUMN "max_size_mb" integer;--> statement-breakpoint
ALTER TABLE "fields" ADD COLUMN "multiple" boolean;--> statement-breakpoint
ALTER TABLE "template_fields" ADD COLUMN "accept" jsonb;--> statement-breakpoint
ALTER TABLE "template_fields" ADD COLUMN "max_size_mb" integer;--> statement-breakpoint
ALTER TABLE "template_fields" ADD COLUMN "multiple" boolean;--> statement-breakpoint
ALTER TABLE "signer_files" ADD CONSTRAINT "signer_files_request_id_signature_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."signature_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signer_files" ADD CONSTRAINT "signer_files_recipient_id_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."recipients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signer_files" ADD CONSTRAINT "signer_files_field_id_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signer_files_field_idx" ON "signer_files" USING btree ("field_id","created_at");--> statement-breakpoint
CREATE INDEX "signer_files_request_idx" ON "signer_files" USING btree ("request_id");--> statement-breakpoint
ALTER TABLE "fields" ADD CONSTRAINT "fields_type_check" CHECK ("fields"."type" in ('SIGNATURE', 'INITIAL', 'DATE', 'TEXT', 'CHECKBOX', 'RADIO', 'DROPDOWN', 'NUMBER', 'NAME', 'EMAIL', 'FORMULA', 'FILE'));--> statement-breakpoint
ALTER TABLE "template_fields" ADD CONSTRAINT "template_fields_type_check" CHECK ("template_fields"."type" in ('SIGNATURE', 'INITIAL', 'DATE', 'TEXT', 'CHECKBOX', 'RADIO', 'DROPDOWN', 'NUMBER', 'NAME', 'EMAIL', 'FORMULA', 'FILE'));