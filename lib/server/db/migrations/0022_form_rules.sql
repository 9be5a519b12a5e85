ALTER TABLE "fields" DROP CONSTRAINT "fields_type_check";--> statement-breakpoint
ALTER TABLE "template_fields" DROP CONSTRAINT "template_fields_type_check";--> statement-breakpoint
ALTER TABLE "fields" ADD COLUMN "formula" text;--> statement-breakpoint
ALTER TABLE "fields" ADD COLUMN "conditions" jsonb;--> statement-breakpoint
ALTER TABLE "template_fields" ADD COLUMN "formula" text;--> statement-breakpoint
ALTER TABLE "template_fields" ADD COLUMN "conditions" jsonb;--> statement-breakpoint
ALTER TABLE "fields" ADD CONSTRAINT "fields_type_check" CHECK ("fields"."type" in ('SIGNATURE', 'INITIAL', 'DATE', 'TEXT', 'CHECKBOX', 'RADIO', 'DROPDOWN', 'NUMBER', 'NAME', 'EMAIL', 'FORMULA'));--> statement-breakpoint
ALTER TABLE "template_fields" ADD CONSTRAINT "template_fields_type_check" CHECK ("template_fields"."type" in ('SIGNATURE', 'INITIAL', 'DATE', 'TEXT', 'CHECKBOX', 'RADIO', 'DROPDOWN', 'NUMBER', 'NAME', 'EMAIL', 'FORMULA'));