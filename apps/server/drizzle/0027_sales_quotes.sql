CREATE TABLE "mail_outbox_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"mail_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_quote_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote_id" integer NOT NULL,
	"position" integer NOT NULL,
	"product_name" text NOT NULL,
	"quantity" integer NOT NULL,
	"commitment" text NOT NULL,
	"billing_frequency" text NOT NULL,
	"unit_price" numeric(18, 6),
	"list_value" numeric(14, 2) NOT NULL,
	"discount_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"max_discount_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"value" numeric(14, 2) NOT NULL,
	"price_lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"order_id" integer
);
--> statement-breakpoint
CREATE TABLE "sales_quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"customer_account_id" integer NOT NULL,
	"seller_account_id" integer NOT NULL,
	"created_by_account_id" integer NOT NULL,
	"status" text DEFAULT 'Draft' NOT NULL,
	"currency" text NOT NULL,
	"valid_until" date NOT NULL,
	"terms" text DEFAULT '' NOT NULL,
	"sub_total" numeric(14, 2) NOT NULL,
	"discount" numeric(14, 2) NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by_account_id" integer,
	CONSTRAINT "sales_quotes_status_check" CHECK ("sales_quotes"."status" in ('Draft', 'Sent', 'Accepted', 'Rejected'))
);
--> statement-breakpoint
ALTER TABLE "mail_outbox_attachments" ADD CONSTRAINT "mail_outbox_attachments_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_quote_lines" ADD CONSTRAINT "sales_quote_lines_quote_id_sales_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."sales_quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_quote_lines" ADD CONSTRAINT "sales_quote_lines_product_name_products_name_fk" FOREIGN KEY ("product_name") REFERENCES "public"."products"("name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_quote_lines" ADD CONSTRAINT "sales_quote_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_quotes" ADD CONSTRAINT "sales_quotes_customer_account_id_accounts_id_fk" FOREIGN KEY ("customer_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_quotes" ADD CONSTRAINT "sales_quotes_seller_account_id_accounts_id_fk" FOREIGN KEY ("seller_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_quotes" ADD CONSTRAINT "sales_quotes_created_by_account_id_accounts_id_fk" FOREIGN KEY ("created_by_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_quotes" ADD CONSTRAINT "sales_quotes_decided_by_account_id_accounts_id_fk" FOREIGN KEY ("decided_by_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_attachments_mail_idx" ON "mail_outbox_attachments" USING btree ("mail_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_quote_lines_position_idx" ON "sales_quote_lines" USING btree ("quote_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_quote_lines_order_idx" ON "sales_quote_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "sales_quotes_customer_idx" ON "sales_quotes" USING btree ("customer_account_id");--> statement-breakpoint
CREATE INDEX "sales_quotes_seller_idx" ON "sales_quotes" USING btree ("seller_account_id");--> statement-breakpoint
CREATE INDEX "sales_quotes_creator_idx" ON "sales_quotes" USING btree ("created_by_account_id");