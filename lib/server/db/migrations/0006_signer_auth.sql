CREATE TABLE "signer_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipient_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signer_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipient_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"method" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "signer_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "recipients" ADD COLUMN "auth_method" text DEFAULT 'NONE' NOT NULL;--> statement-breakpoint
ALTER TABLE "recipients" ADD COLUMN "access_code_hash" text;--> statement-breakpoint
ALTER TABLE "recipients" ADD COLUMN "auth_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "recipients" ADD COLUMN "auth_locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signer_codes" ADD CONSTRAINT "signer_codes_recipient_id_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."recipients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signer_sessions" ADD CONSTRAINT "signer_sessions_recipient_id_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."recipients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signer_codes_recipient_idx" ON "signer_codes" USING btree ("recipient_id","created_at");--> statement-breakpoint
CREATE INDEX "signer_sessions_recipient_idx" ON "signer_sessions" USING btree ("recipient_id");