CREATE TABLE "template_fields" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"template_id" uuid NOT NULL,
	"signer_ref" text NOT NULL,
	"type" text NOT NULL,
	"page" integer NOT NULL,
	"x" double precision NOT NULL,
	"y" double precision NOT NULL,
	"width" double precision NOT NULL,
	"height" double precision NOT NULL,
	"name" text,
	"required" boolean DEFAULT true NOT NULL,
	"label" text,
	"max_length" integer,
	"font_size" double precision,
	"default_value" text,
	"anchor" jsonb,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"environment" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"sha256" text NOT NULL,
	"size" bigint NOT NULL,
	"filename" text,
	"placeholders" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"anchors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"page_count" integer,
	"pages" jsonb,
	"created_by_key_id" uuid,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "template_fields" ADD CONSTRAINT "template_fields_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "template_fields_template_idx" ON "template_fields" USING btree ("template_id","created_at");--> statement-breakpoint
CREATE INDEX "templates_scope_idx" ON "templates" USING btree ("org_id","environment","created_at");