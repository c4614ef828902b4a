ALTER TABLE "provisioning_requests" ADD COLUMN "quantity" integer;--> statement-breakpoint
ALTER TABLE "provisioning_requests" ADD COLUMN "vendor_idempotency_key" text;--> statement-breakpoint
ALTER TABLE "provisioning_requests" ADD COLUMN "vendor_request_id" text;--> statement-breakpoint
ALTER TABLE "provisioning_requests" ADD COLUMN "vendor_subscription_id" text;--> statement-breakpoint
ALTER TABLE "provisioning_requests" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "provisioning_requests" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "provisioning_requests_vendor_key_idx" ON "provisioning_requests" USING btree ("vendor_idempotency_key");--> statement-breakpoint
CREATE INDEX "provisioning_requests_due_idx" ON "provisioning_requests" USING btree ("order_status","next_attempt_at");