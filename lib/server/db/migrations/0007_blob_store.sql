CREATE TABLE "blob_chunks" (
	"sha256" text NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "blob_chunks_sha256_seq_pk" PRIMARY KEY("sha256","seq")
);
--> statement-breakpoint
CREATE TABLE "blob_objects" (
	"sha256" text PRIMARY KEY NOT NULL,
	"size" integer NOT NULL,
	"chunks" integer NOT NULL,
	"touched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blob_chunks" ADD CONSTRAINT "blob_chunks_sha256_blob_objects_sha256_fk" FOREIGN KEY ("sha256") REFERENCES "public"."blob_objects"("sha256") ON DELETE cascade ON UPDATE no action;