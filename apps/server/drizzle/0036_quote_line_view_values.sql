-- Issue 30: a quote line carries the product's order fields as the reseller filled them (required ones may
-- wait for the customer, who fills them when accepting); existing lines start with none.
ALTER TABLE "sales_quote_lines" ADD COLUMN "view_values" jsonb DEFAULT '{}'::jsonb NOT NULL;