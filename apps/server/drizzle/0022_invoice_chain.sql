-- Issue 15 "invoices at every level of the chain": a line names its invoice's payer, so a
-- subscription's month is billed once to each level (company, reseller, platform owner); the lines
-- written before are their invoices' payers' (backfilled, then required).
DROP INDEX "invoice_lines_subscription_period_reason_idx";--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "payer_account_id" integer;--> statement-breakpoint
UPDATE "invoice_lines" l SET "payer_account_id" = i."payer_account_id" FROM "invoices" i WHERE i."id" = l."invoice_id";--> statement-breakpoint
ALTER TABLE "invoice_lines" ALTER COLUMN "payer_account_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "upstream_costs" jsonb;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_payer_account_id_accounts_id_fk" FOREIGN KEY ("payer_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_subscription_period_reason_payer_idx" ON "invoice_lines" USING btree ("subscription_account_id","period_start","period_end","reason","payer_account_id") WHERE "invoice_lines"."subscription_account_id" is not null;
