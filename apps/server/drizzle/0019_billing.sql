CREATE TABLE "billed_payer_intervals" (
	"payer_account_id" integer NOT NULL,
	"interval_id" text NOT NULL,
	"billing_run_id" integer,
	"billed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billed_payer_intervals_payer_account_id_interval_id_pk" PRIMARY KEY("payer_account_id","interval_id")
);
--> statement-breakpoint
CREATE TABLE "billing_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"interval_id" text NOT NULL,
	"scope_account_id" integer,
	"status" text DEFAULT 'Running' NOT NULL,
	"started_by_account_id" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"payers_total" integer DEFAULT 0 NOT NULL,
	"payers_done" integer DEFAULT 0 NOT NULL,
	"invoices_created" integer DEFAULT 0 NOT NULL,
	"error" text,
	CONSTRAINT "billing_runs_status_check" CHECK ("billing_runs"."status" in ('Running', 'Completed', 'Failed'))
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"customer_account_id" integer NOT NULL,
	"subscription_account_id" integer,
	"custom_charge_id" integer,
	"reason" text NOT NULL,
	"period_start" text NOT NULL,
	"period_end" text NOT NULL,
	"product_name" text,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" numeric(18, 6) NOT NULL,
	"amount" numeric(18, 4) NOT NULL,
	"price_rule" text,
	"purchase_unit_price" numeric(18, 6),
	"purchase_amount" numeric(18, 4),
	"margin" numeric(18, 4),
	CONSTRAINT "invoice_lines_reason_check" CHECK ("invoice_lines"."reason" in ('Recurring', 'Start', 'Termination', 'QuantityChange', 'PriceChange', 'Setup', 'CustomCharge'))
);
--> statement-breakpoint
CREATE TABLE "invoice_number_counters" (
	"seller_account_id" integer PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" integer NOT NULL,
	"kind" text NOT NULL,
	"seller_account_id" integer NOT NULL,
	"payer_account_id" integer NOT NULL,
	"interval_id" text NOT NULL,
	"period_start" text NOT NULL,
	"period_end" text NOT NULL,
	"currency" text NOT NULL,
	"subtotal" numeric(18, 4) NOT NULL,
	"tax_rate" numeric(6, 4) NOT NULL,
	"tax_amount" numeric(18, 4) NOT NULL,
	"total" numeric(18, 4) NOT NULL,
	"reverse_charge" boolean DEFAULT false NOT NULL,
	"seller_name" text NOT NULL,
	"seller_country" text,
	"seller_vat_id" text,
	"buyer_name" text NOT NULL,
	"buyer_country" text,
	"buyer_vat_id" text,
	"billing_run_id" integer,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_kind_check" CHECK ("invoices"."kind" in ('Invoice', 'CreditNote'))
);
--> statement-breakpoint
CREATE TABLE "subscription_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subscription_account_id" integer NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"quantity" integer NOT NULL,
	"status" text NOT NULL,
	"unit_price" numeric(18, 6),
	"currency" text,
	"billing_frequency" text NOT NULL,
	"is_prepaid" boolean NOT NULL,
	"commitment" text NOT NULL,
	"term_start_date" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "billed_payer_intervals" ADD CONSTRAINT "billed_payer_intervals_payer_account_id_accounts_id_fk" FOREIGN KEY ("payer_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billed_payer_intervals" ADD CONSTRAINT "billed_payer_intervals_billing_run_id_billing_runs_id_fk" FOREIGN KEY ("billing_run_id") REFERENCES "public"."billing_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_runs" ADD CONSTRAINT "billing_runs_scope_account_id_accounts_id_fk" FOREIGN KEY ("scope_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_runs" ADD CONSTRAINT "billing_runs_started_by_account_id_accounts_id_fk" FOREIGN KEY ("started_by_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_customer_account_id_accounts_id_fk" FOREIGN KEY ("customer_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_subscription_account_id_accounts_id_fk" FOREIGN KEY ("subscription_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_number_counters" ADD CONSTRAINT "invoice_number_counters_seller_account_id_accounts_id_fk" FOREIGN KEY ("seller_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_seller_account_id_accounts_id_fk" FOREIGN KEY ("seller_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payer_account_id_accounts_id_fk" FOREIGN KEY ("payer_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_billing_run_id_billing_runs_id_fk" FOREIGN KEY ("billing_run_id") REFERENCES "public"."billing_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_history" ADD CONSTRAINT "subscription_history_subscription_account_id_accounts_id_fk" FOREIGN KEY ("subscription_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_runs_started_idx" ON "billing_runs" USING btree ("started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_subscription_period_reason_idx" ON "invoice_lines" USING btree ("subscription_account_id","period_start","period_end","reason") WHERE "invoice_lines"."subscription_account_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_custom_charge_idx" ON "invoice_lines" USING btree ("custom_charge_id") WHERE "invoice_lines"."custom_charge_id" is not null;--> statement-breakpoint
CREATE INDEX "invoice_lines_invoice_idx" ON "invoice_lines" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_payer_seller_interval_idx" ON "invoices" USING btree ("payer_account_id","seller_account_id","interval_id","currency");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_seller_number_idx" ON "invoices" USING btree ("seller_account_id","number");--> statement-breakpoint
CREATE INDEX "invoices_seller_interval_idx" ON "invoices" USING btree ("seller_account_id","interval_id");--> statement-breakpoint
CREATE INDEX "subscription_history_subscription_idx" ON "subscription_history" USING btree ("subscription_account_id","valid_from","id");--> statement-breakpoint
-- issue 15: every billing-relevant state of a subscription, from the moment it took effect. A
-- trigger, so that no code path changing a subscription can leave a state unbilled.
CREATE OR REPLACE FUNCTION subscription_history_record() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.quantity IS NOT DISTINCT FROM OLD.quantity AND NEW.status IS NOT DISTINCT FROM OLD.status
     AND NEW.unit_price IS NOT DISTINCT FROM OLD.unit_price AND NEW.currency IS NOT DISTINCT FROM OLD.currency
     AND NEW.billing_frequency IS NOT DISTINCT FROM OLD.billing_frequency AND NEW.is_prepaid IS NOT DISTINCT FROM OLD.is_prepaid
     AND NEW.commitment IS NOT DISTINCT FROM OLD.commitment AND NEW.term_start_date IS NOT DISTINCT FROM OLD.term_start_date THEN
    RETURN NEW;
  END IF;
  INSERT INTO subscription_history (subscription_account_id, valid_from, quantity, status, unit_price, currency, billing_frequency, is_prepaid, commitment, term_start_date)
  VALUES (NEW.account_id, now(), NEW.quantity, NEW.status, NEW.unit_price, NEW.currency, NEW.billing_frequency, NEW.is_prepaid, NEW.commitment, NEW.term_start_date);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER subscriptions_history AFTER INSERT OR UPDATE ON subscriptions
  FOR EACH ROW EXECUTE FUNCTION subscription_history_record();
--> statement-breakpoint
-- The subscriptions there already: their present state, from their term's start.
INSERT INTO subscription_history (subscription_account_id, valid_from, quantity, status, unit_price, currency, billing_frequency, is_prepaid, commitment, term_start_date)
SELECT account_id, coalesce(term_start_date, created_at), quantity, status, unit_price, currency, billing_frequency, is_prepaid, commitment, term_start_date FROM subscriptions;
