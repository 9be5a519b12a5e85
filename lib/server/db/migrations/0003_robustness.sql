CREATE TABLE "document_rejections" (
	"sha256" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "seal_error_code" text;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "seal_error_message" text;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "seal_failed_at" timestamp with time zone;