-- Issue 15: every closed set of values (statuses, roles, types, kinds, environments, plans) is a CHECK
-- constraint, made from the arrays of lib/schemas/states.ts (why CHECK and not enum types: schema.ts, oneOf).
-- No value is mapped first: the whole history of the code (git log -S on each value) never wrote any
-- other value to these columns (job types and field types only ever grew; every status, role, kind,
-- environment and plan is the same set since its column was made), so no existing row breaks a check.
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_environment_check" CHECK ("api_keys"."environment" in ('SANDBOX', 'PRODUCTION'));--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_kind_check" CHECK ("api_keys"."kind" in ('USER', 'SYSTEM'));--> statement-breakpoint
ALTER TABLE "auth_attempts" ADD CONSTRAINT "auth_attempts_outcome_check" CHECK ("auth_attempts"."outcome" in ('SUCCESS', 'FAILURE', 'THROTTLED'));--> statement-breakpoint
ALTER TABLE "bulk_send_rows" ADD CONSTRAINT "bulk_send_rows_status_check" CHECK ("bulk_send_rows"."status" in ('PENDING', 'SENT', 'FAILED'));--> statement-breakpoint
ALTER TABLE "bulk_sends" ADD CONSTRAINT "bulk_sends_environment_check" CHECK ("bulk_sends"."environment" in ('SANDBOX', 'PRODUCTION'));--> statement-breakpoint
ALTER TABLE "bulk_sends" ADD CONSTRAINT "bulk_sends_status_check" CHECK ("bulk_sends"."status" in ('QUEUED', 'RUNNING', 'DONE'));--> statement-breakpoint
ALTER TABLE "fields" ADD CONSTRAINT "fields_type_check" CHECK ("fields"."type" in ('SIGNATURE', 'INITIAL', 'DATE', 'TEXT', 'CHECKBOX', 'RADIO', 'DROPDOWN', 'NUMBER', 'NAME', 'EMAIL'));--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_type_check" CHECK ("jobs"."type" in ('invitation', 'webhook', 'seal', 'notify', 'sweep', 'staff-link', 'purge-blobs', 'signer-code', 'bulk-send'));--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_status_check" CHECK ("jobs"."status" in ('QUEUED', 'RUNNING', 'DONE', 'FAILED'));--> statement-breakpoint
ALTER TABLE "mail_log" ADD CONSTRAINT "mail_log_environment_check" CHECK ("mail_log"."environment" in ('SANDBOX', 'PRODUCTION'));--> statement-breakpoint
ALTER TABLE "mail_log" ADD CONSTRAINT "mail_log_via_check" CHECK ("mail_log"."via" in ('smtp', 'outbox'));--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_plan_check" CHECK ("organizations"."plan" in ('FREE', 'ENTERPRISE'));--> statement-breakpoint
ALTER TABLE "recipients" ADD CONSTRAINT "recipients_role_check" CHECK ("recipients"."role" in ('SIGNER', 'CC', 'APPROVER', 'VIEWER'));--> statement-breakpoint
ALTER TABLE "recipients" ADD CONSTRAINT "recipients_status_check" CHECK ("recipients"."status" in ('PENDING', 'SENT', 'VIEWED', 'SIGNED', 'APPROVED', 'DECLINED'));--> statement-breakpoint
ALTER TABLE "recipients" ADD CONSTRAINT "recipients_auth_method_check" CHECK ("recipients"."auth_method" in ('NONE', 'ACCESS_CODE', 'EMAIL_CODE'));--> statement-breakpoint
ALTER TABLE "recipients" ADD CONSTRAINT "recipients_delivery_check" CHECK ("recipients"."delivery" in ('EMAIL', 'EMBEDDED'));--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_environment_check" CHECK ("signature_requests"."environment" in ('SANDBOX', 'PRODUCTION'));--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_delivery_mode_check" CHECK ("signature_requests"."delivery_mode" in ('email'));--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_status_check" CHECK ("signature_requests"."status" in ('DRAFT', 'IN_PROGRESS', 'COMPLETED', 'DECLINED', 'CANCELLED', 'EXPIRED'));--> statement-breakpoint
ALTER TABLE "signer_sessions" ADD CONSTRAINT "signer_sessions_method_check" CHECK ("signer_sessions"."method" in ('ACCESS_CODE', 'EMAIL_CODE'));--> statement-breakpoint
ALTER TABLE "staff_tokens" ADD CONSTRAINT "staff_tokens_purpose_check" CHECK ("staff_tokens"."purpose" in ('INVITE', 'RESET'));--> statement-breakpoint
ALTER TABLE "staff_users" ADD CONSTRAINT "staff_users_role_check" CHECK ("staff_users"."role" in ('ADMIN', 'MEMBER'));--> statement-breakpoint
ALTER TABLE "template_fields" ADD CONSTRAINT "template_fields_type_check" CHECK ("template_fields"."type" in ('SIGNATURE', 'INITIAL', 'DATE', 'TEXT', 'CHECKBOX', 'RADIO', 'DROPDOWN', 'NUMBER', 'NAME', 'EMAIL'));--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_environment_check" CHECK ("templates"."environment" in ('SANDBOX', 'PRODUCTION'));--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_kind_check" CHECK ("templates"."kind" in ('PDF', 'DOCX'));--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_status_check" CHECK ("webhook_deliveries"."status" in ('PENDING', 'DELIVERED', 'FAILED'));--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_environment_check" CHECK ("webhook_endpoints"."environment" in ('SANDBOX', 'PRODUCTION'));