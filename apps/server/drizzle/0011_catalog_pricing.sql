CREATE TABLE "priceable_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_name" text NOT NULL,
	"name" text NOT NULL,
	"fee_type" text NOT NULL,
	"unit" text,
	"purchase_price" numeric(18, 6),
	"srp" numeric(18, 6),
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "priceable_items_fee_type_check" CHECK ("priceable_items"."fee_type" in ('Setup', 'Recurring', 'Usage')),
	CONSTRAINT "priceable_items_prices_check" CHECK (coalesce("priceable_items"."purchase_price", 0) >= 0 and coalesce("priceable_items"."srp", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "service_group_services" (
	"service_group_id" integer NOT NULL,
	"product_name" text NOT NULL,
	CONSTRAINT "service_group_services_service_group_id_product_name_pk" PRIMARY KEY("service_group_id","product_name")
);
--> statement-breakpoint
CREATE TABLE "service_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_account_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"base_currency" text NOT NULL,
	"quote_currency" text NOT NULL,
	"rate" numeric(20, 10) NOT NULL,
	"as_of" timestamp with time zone NOT NULL,
	CONSTRAINT "exchange_rates_rate_check" CHECK ("exchange_rates"."rate" > 0)
);
--> statement-breakpoint
CREATE TABLE "pricelist_customers" (
	"pricelist_id" integer NOT NULL,
	"customer_account_id" integer NOT NULL,
	CONSTRAINT "pricelist_customers_pricelist_id_customer_account_id_pk" PRIMARY KEY("pricelist_id","customer_account_id")
);
--> statement-breakpoint
CREATE TABLE "pricelist_services" (
	"pricelist_id" integer NOT NULL,
	"product_name" text NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "pricelist_services_pricelist_id_product_name_pk" PRIMARY KEY("pricelist_id","product_name")
);
--> statement-breakpoint
CREATE TABLE "pricelists" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_account_id" integer NOT NULL,
	"name" text NOT NULL,
	"priority" integer NOT NULL,
	"currency" text NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pricing_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"pricelist_id" integer NOT NULL,
	"name" text NOT NULL,
	"priority" integer NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"model" text NOT NULL,
	"parameter" numeric(18, 6),
	"scope_kind" text DEFAULT 'AllServices' NOT NULL,
	"scope_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pricing_rules_model_check" CHECK ("pricing_rules"."model" in ('Static', 'Srp', 'Markup', 'GrossMargin', 'SrpDiscount')),
	CONSTRAINT "pricing_rules_scope_check" CHECK ("pricing_rules"."scope_kind" in ('AllServices', 'Vendors', 'ServiceGroups', 'PriceableItems')),
	CONSTRAINT "pricing_rules_parameter_check" CHECK (("pricing_rules"."model" = 'Srp') = ("pricing_rules"."parameter" is null) and coalesce("pricing_rules"."parameter", 0) >= 0),
	CONSTRAINT "pricing_rules_margin_check" CHECK ("pricing_rules"."model" <> 'GrossMargin' or "pricing_rules"."parameter" < 100),
	CONSTRAINT "pricing_rules_default_check" CHECK (not "pricing_rules"."is_default" or ("pricing_rules"."model" = 'Srp' and "pricing_rules"."scope_kind" = 'AllServices'))
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "vendor_sku" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "product_number" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "display_names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "descriptions" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "category" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tags" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "billing_rule" text DEFAULT 'PerUnit' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "billing_period" text DEFAULT 'Monthly' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "currency" text DEFAULT 'EUR' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "commitment_terms" jsonb DEFAULT '["1-month"]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "icon_path" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "terms_of_service" text;--> statement-breakpoint
ALTER TABLE "priceable_items" ADD CONSTRAINT "priceable_items_product_name_products_name_fk" FOREIGN KEY ("product_name") REFERENCES "public"."products"("name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_group_services" ADD CONSTRAINT "service_group_services_service_group_id_service_groups_id_fk" FOREIGN KEY ("service_group_id") REFERENCES "public"."service_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_group_services" ADD CONSTRAINT "service_group_services_product_name_products_name_fk" FOREIGN KEY ("product_name") REFERENCES "public"."products"("name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_groups" ADD CONSTRAINT "service_groups_owner_account_id_accounts_id_fk" FOREIGN KEY ("owner_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricelist_customers" ADD CONSTRAINT "pricelist_customers_pricelist_id_pricelists_id_fk" FOREIGN KEY ("pricelist_id") REFERENCES "public"."pricelists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricelist_customers" ADD CONSTRAINT "pricelist_customers_customer_account_id_accounts_id_fk" FOREIGN KEY ("customer_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricelist_services" ADD CONSTRAINT "pricelist_services_pricelist_id_pricelists_id_fk" FOREIGN KEY ("pricelist_id") REFERENCES "public"."pricelists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricelist_services" ADD CONSTRAINT "pricelist_services_product_name_products_name_fk" FOREIGN KEY ("product_name") REFERENCES "public"."products"("name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricelists" ADD CONSTRAINT "pricelists_owner_account_id_accounts_id_fk" FOREIGN KEY ("owner_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricing_rules" ADD CONSTRAINT "pricing_rules_pricelist_id_pricelists_id_fk" FOREIGN KEY ("pricelist_id") REFERENCES "public"."pricelists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "priceable_items_product_idx" ON "priceable_items" USING btree ("product_name");--> statement-breakpoint
CREATE UNIQUE INDEX "priceable_items_product_name_uq" ON "priceable_items" USING btree ("product_name","name");--> statement-breakpoint
CREATE INDEX "service_group_services_product_idx" ON "service_group_services" USING btree ("product_name");--> statement-breakpoint
CREATE UNIQUE INDEX "service_groups_owner_name_uq" ON "service_groups" USING btree ("owner_account_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_rates_pair_as_of_uq" ON "exchange_rates" USING btree ("base_currency","quote_currency","as_of");--> statement-breakpoint
CREATE INDEX "pricelist_customers_customer_idx" ON "pricelist_customers" USING btree ("customer_account_id");--> statement-breakpoint
CREATE INDEX "pricelist_services_product_idx" ON "pricelist_services" USING btree ("product_name");--> statement-breakpoint
CREATE UNIQUE INDEX "pricelists_owner_name_uq" ON "pricelists" USING btree ("owner_account_id",lower("name"));--> statement-breakpoint
CREATE INDEX "pricelists_owner_priority_idx" ON "pricelists" USING btree ("owner_account_id","priority");--> statement-breakpoint
CREATE INDEX "pricing_rules_pricelist_idx" ON "pricing_rules" USING btree ("pricelist_id","priority");--> statement-breakpoint
CREATE UNIQUE INDEX "pricing_rules_one_default_uq" ON "pricing_rules" USING btree ("pricelist_id") WHERE "pricing_rules"."is_default";--> statement-breakpoint
CREATE INDEX "products_vendor_idx" ON "products" USING btree ("vendor_account_id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_billing_rule_check" CHECK ("products"."billing_rule" in ('PerUnit', 'Flat'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_billing_period_check" CHECK ("products"."billing_period" in ('Monthly', 'Annual'));