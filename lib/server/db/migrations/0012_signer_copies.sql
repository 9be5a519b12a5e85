CREATE TABLE "signer_copies" (
	"pdf_sha256" text PRIMARY KEY NOT NULL,
	"sha256" text,
	"anchors" integer DEFAULT 0 NOT NULL,
	"refused" integer DEFAULT 0 NOT NULL,
	"failure" text,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL
);
