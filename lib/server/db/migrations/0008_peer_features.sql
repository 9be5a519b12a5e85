CREATE TABLE "bulk_send_rows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bulk_send_id" uuid NOT NULL,
	"row_index" integer NOT NULL,
	"data" jsonb NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"request_id" uuid,
	"error" text,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bulk_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"environment" text NOT NULL,
	"template_id" uuid NOT NULL,
	"created_by" text,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"total" integer NOT NULL,
	"created_count" integer DEFAULT 0 NOT NULL,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "embed_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipient_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fields" ADD COLUMN "options" jsonb;--> statement-breakpoint
ALTER TABLE "fields" ADD COLUMN "group_name" text;--> statement-breakpoint
ALTER TABLE "fields" ADD COLUMN "option_value" text;--> statement-breakpoint
ALTER TABLE "fields" ADD COLUMN "min_value" double precision;--> statement-breakpoint
ALTER TABLE "fields" ADD COLUMN "max_value" double precision;--> statement-breakpoint
ALTER TABLE "fields" ADD COLUMN "decimals" integer;--> statement-breakpoint
ALTER TABLE "recipients" ADD COLUMN "delivery" text DEFAULT 'EMAIL' NOT NULL;--> statement-breakpoint
ALTER TABLE "template_fields" ADD COLUMN "options" jsonb;--> statement-breakpoint
ALTER TABLE "template_fields" ADD COLUMN "group_name" text;--> statement-breakpoint
ALTER TABLE "template_fields" ADD COLUMN "option_value" text;--> statement-breakpoint
ALTER TABLE "template_fields" ADD COLUMN "min_value" double precision;--> statement-breakpoint
ALTER TABLE "template_fields" ADD COLUMN "max_value" double precision;--> statement-breakpoint
ALTER TABLE "template_fields" ADD COLUMN "decimals" integer;--> statement-breakpoint
ALTER TABLE "bulk_send_rows" ADD CONSTRAINT "bulk_send_rows_bulk_send_id_bulk_sends_id_fk" FOREIGN KEY ("bulk_send_id") REFERENCES "public"."bulk_sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_sends" ADD CONSTRAINT "bulk_sends_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embed_links" ADD CONSTRAINT "embed_links_recipient_id_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."recipients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_send_rows_idx" ON "bulk_send_rows" USING btree ("bulk_send_id","row_index");--> statement-breakpoint
CREATE INDEX "bulk_sends_org_idx" ON "bulk_sends" USING btree ("org_id","environment","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "embed_links_token_idx" ON "embed_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "embed_links_recipient_idx" ON "embed_links" USING btree ("recipient_id");