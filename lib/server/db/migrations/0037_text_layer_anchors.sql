ALTER TABLE "text_layers" ADD COLUMN "anchors" text;--> statement-breakpoint
ALTER TABLE "text_layers" ADD COLUMN "anchors_version" integer;