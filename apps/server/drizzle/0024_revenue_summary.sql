CREATE TABLE "revenue_summary" (
	"interval_id" text NOT NULL,
	"period_start" text NOT NULL,
	"currency" text NOT NULL,
	"customer_account_id" integer NOT NULL,
	"seller_account_id" integer NOT NULL,
	"vendor_account_id" integer NOT NULL,
	"revenue" numeric(18, 4) NOT NULL,
	"cost" numeric(18, 4) NOT NULL,
	"margin" numeric(18, 4) NOT NULL,
	"lines" integer NOT NULL,
	CONSTRAINT "revenue_summary_interval_id_currency_customer_account_id_seller_account_id_vendor_account_id_pk" PRIMARY KEY("interval_id","currency","customer_account_id","seller_account_id","vendor_account_id")
);
--> statement-breakpoint
CREATE INDEX "revenue_summary_customer_idx" ON "revenue_summary" USING btree ("customer_account_id");--> statement-breakpoint
-- issue 15: the revenue reports' figures, kept with the invoice lines by statement triggers (one
-- aggregated upsert per insert statement, not one per line), so no writer can leave them behind.
-- Only lines billed to the end customer count (payer = customer): up the chain the same sale is billed again.
CREATE OR REPLACE FUNCTION revenue_summary_change() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO revenue_summary AS s (interval_id, period_start, currency, customer_account_id, seller_account_id, vendor_account_id, revenue, cost, margin, lines)
    SELECT i.interval_id, i.period_start, i.currency, n.customer_account_id, i.seller_account_id, coalesce(p.vendor_account_id, 0),
           sum(n.amount), coalesce(sum(n.purchase_amount), 0), coalesce(sum(n.margin), 0), count(*)
    FROM changed_lines n JOIN invoices i ON i.id = n.invoice_id LEFT JOIN products p ON p.name = n.product_name
    WHERE n.payer_account_id = n.customer_account_id
    GROUP BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (interval_id, currency, customer_account_id, seller_account_id, vendor_account_id) DO UPDATE
      SET revenue = s.revenue + excluded.revenue, cost = s.cost + excluded.cost, margin = s.margin + excluded.margin, lines = s.lines + excluded.lines;
  ELSE
    UPDATE revenue_summary s SET revenue = s.revenue - o.revenue, cost = s.cost - o.cost, margin = s.margin - o.margin, lines = s.lines - o.lines
    FROM (SELECT i.interval_id, i.currency, n.customer_account_id, i.seller_account_id, coalesce(p.vendor_account_id, 0) AS vendor_account_id,
                 sum(n.amount) AS revenue, coalesce(sum(n.purchase_amount), 0) AS cost, coalesce(sum(n.margin), 0) AS margin, count(*) AS lines
          FROM changed_lines n JOIN invoices i ON i.id = n.invoice_id LEFT JOIN products p ON p.name = n.product_name
          WHERE n.payer_account_id = n.customer_account_id
          GROUP BY 1, 2, 3, 4, 5) o
    WHERE s.interval_id = o.interval_id AND s.currency = o.currency AND s.customer_account_id = o.customer_account_id
      AND s.seller_account_id = o.seller_account_id AND s.vendor_account_id = o.vendor_account_id;
    DELETE FROM revenue_summary WHERE lines <= 0;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER invoice_lines_revenue_added AFTER INSERT ON invoice_lines
  REFERENCING NEW TABLE AS changed_lines FOR EACH STATEMENT EXECUTE FUNCTION revenue_summary_change();
--> statement-breakpoint
CREATE TRIGGER invoice_lines_revenue_removed AFTER DELETE ON invoice_lines
  REFERENCING OLD TABLE AS changed_lines FOR EACH STATEMENT EXECUTE FUNCTION revenue_summary_change();
--> statement-breakpoint
-- The lines billed before this migration.
INSERT INTO revenue_summary (interval_id, period_start, currency, customer_account_id, seller_account_id, vendor_account_id, revenue, cost, margin, lines)
SELECT i.interval_id, i.period_start, i.currency, l.customer_account_id, i.seller_account_id, coalesce(p.vendor_account_id, 0),
       sum(l.amount), coalesce(sum(l.purchase_amount), 0), coalesce(sum(l.margin), 0), count(*)
FROM invoice_lines l JOIN invoices i ON i.id = l.invoice_id LEFT JOIN products p ON p.name = l.product_name
WHERE l.payer_account_id = l.customer_account_id
GROUP BY 1, 2, 3, 4, 5, 6;
