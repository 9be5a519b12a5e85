CREATE TABLE "send_approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"org_id" uuid NOT NULL,
	"key_id" uuid NOT NULL,
	"via" text DEFAULT 'api' NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by_staff_id" uuid,
	"decided_by_name" text,
	"reason" text,
	CONSTRAINT "send_approvals_state_check" CHECK ("send_approvals"."state" in ('PENDING', 'APPROVED', 'REJECTED')),
	CONSTRAINT "send_approvals_via_check" CHECK ("send_approvals"."via" in ('api', 'mcp'))
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "sends_need_approval" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "pending_approval_id" uuid;--> statement-breakpoint
ALTER TABLE "send_approvals" ADD CONSTRAINT "send_approvals_request_id_signature_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."signature_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "send_approvals" ADD CONSTRAINT "send_approvals_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "send_approvals" ADD CONSTRAINT "send_approvals_key_id_api_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."api_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "send_approvals" ADD CONSTRAINT "send_approvals_decided_by_staff_id_staff_users_id_fk" FOREIGN KEY ("decided_by_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "send_approvals_one_pending_idx" ON "send_approvals" USING btree ("request_id") WHERE "send_approvals"."state" = 'PENDING';--> statement-breakpoint
CREATE INDEX "send_approvals_org_idx" ON "send_approvals" USING btree ("org_id","state");