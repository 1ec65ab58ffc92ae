ALTER TABLE "login_failures" DROP CONSTRAINT "login_failures_scope";--> statement-breakpoint
ALTER TABLE "staff_audit_log" DROP CONSTRAINT "staff_audit_log_action";--> statement-breakpoint
ALTER TABLE "staff_audit_log" ADD COLUMN "session_id" integer;--> statement-breakpoint
ALTER TABLE "staff_audit_log" ADD COLUMN "count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_audit_log" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "staff_audit_log_session_path_idx" ON "staff_audit_log" USING btree ("session_id","path");--> statement-breakpoint
CREATE INDEX "staff_audit_log_staff_email_created_at_idx" ON "staff_audit_log" USING btree ("staff_email","created_at");--> statement-breakpoint
ALTER TABLE "login_failures" ADD CONSTRAINT "login_failures_scope" CHECK ("login_failures"."scope" in ('email', 'ip', 'email_ip'));--> statement-breakpoint
ALTER TABLE "staff_audit_log" ADD CONSTRAINT "staff_audit_log_action" CHECK ("staff_audit_log"."action" in ('switch', 'return', 'change', 'read'));