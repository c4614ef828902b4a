ALTER TABLE "invoices" ADD COLUMN "seller_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "buyer_address" text DEFAULT '' NOT NULL;