ALTER TABLE "orders" ADD COLUMN "kind" text DEFAULT 'New' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "change" jsonb;--> statement-breakpoint
CREATE INDEX "orders_subscription_idx" ON "orders" USING btree ("subscription_account_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_kind_check" CHECK ("orders"."kind" in ('New', 'QuantityIncrease', 'Upgrade', 'Renewal'));