CREATE TABLE "template_roles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"template_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"signing_order" integer DEFAULT 1 NOT NULL,
	"recipient_role" text DEFAULT 'SIGNER' NOT NULL,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	CONSTRAINT "template_roles_recipient_role_check" CHECK ("template_roles"."recipient_role" in ('SIGNER', 'CC', 'APPROVER', 'VIEWER'))
);
--> statement-breakpoint
ALTER TABLE "template_fields" ADD COLUMN "role_id" uuid;--> statement-breakpoint
-- Backfill (hand-written): every existing template gets the roles s1…sN, N the highest signer reference its stored
-- fields or its valid unified anchors name (image and legacy anchors name no signer), signing in that order; each
-- stored field then points at the role its signer_ref named.
INSERT INTO "template_roles" ("template_id", "position", "name", "signing_order", "recipient_role")
SELECT t."id", g.n, 's' || g.n, g.n, 'SIGNER'
FROM "templates" t
CROSS JOIN LATERAL (
	SELECT GREATEST(
		COALESCE((SELECT max(substring(f."signer_ref" from 2)::int) FROM "template_fields" f
			WHERE f."template_id" = t."id" AND f."signer_ref" ~ '^s[1-9][0-9]{0,2}$'), 0),
		COALESCE((SELECT max(substring(a->'anchor'->>'signerRef' from 2)::int)
			FROM jsonb_array_elements(CASE WHEN jsonb_typeof(t."anchors") = 'array' THEN t."anchors" ELSE '[]'::jsonb END) a
			WHERE a->>'valid' = 'true'
				AND COALESCE(a->'anchor'->>'type', '') NOT IN ('image', 'legacy')
				AND a->'anchor'->>'signerRef' ~ '^s[1-9][0-9]{0,2}$'), 0)
	) AS n
) m
CROSS JOIN LATERAL generate_series(1, m.n) AS g(n);--> statement-breakpoint
UPDATE "template_fields" f SET "role_id" = r."id"
FROM "template_roles" r
WHERE r."template_id" = f."template_id" AND f."signer_ref" ~ '^s[1-9][0-9]{0,2}$'
	AND r."position" = substring(f."signer_ref" from 2)::int;--> statement-breakpoint
-- A field whose signer_ref was never a signer reference (none is stored so) has no role to follow: dropped.
DELETE FROM "template_fields" WHERE "role_id" IS NULL;--> statement-breakpoint
ALTER TABLE "template_fields" ALTER COLUMN "role_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "template_roles" ADD CONSTRAINT "template_roles_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "template_roles_position_idx" ON "template_roles" USING btree ("template_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "template_roles_name_idx" ON "template_roles" USING btree ("template_id",lower("name"));--> statement-breakpoint
ALTER TABLE "template_fields" ADD CONSTRAINT "template_fields_role_id_template_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."template_roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "template_fields_role_idx" ON "template_fields" USING btree ("role_id");--> statement-breakpoint
ALTER TABLE "template_fields" DROP COLUMN "signer_ref";