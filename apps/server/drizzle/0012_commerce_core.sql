CREATE TABLE "owner_service_settings" (
	"owner_account_id" integer NOT NULL,
	"product_name" text NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"display_names" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"descriptions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "owner_service_settings_owner_account_id_product_name_pk" PRIMARY KEY("owner_account_id","product_name")
);
--> statement-breakpoint
CREATE TABLE "vendor_profiles" (
	"vendor_account_id" integer PRIMARY KEY NOT NULL,
	"descriptions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"logo_path" text,
	"support_email" text,
	"support_phone" text,
	"support_url" text,
	"website_url" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_previews" (
	"id" text PRIMARY KEY NOT NULL,
	"pricelist_id" integer NOT NULL,
	"kind" text NOT NULL,
	"request" jsonb NOT NULL,
	"fingerprint" text NOT NULL,
	"summary" jsonb NOT NULL,
	"created_by_account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	CONSTRAINT "price_previews_kind_check" CHECK ("price_previews"."kind" in ('PricingRule', 'Propagation'))
);
--> statement-breakpoint
CREATE TABLE "pricelist_item_costs" (
	"pricelist_id" integer NOT NULL,
	"priceable_item_id" integer NOT NULL,
	"purchase_price" numeric(18, 6) NOT NULL,
	"source_pricelist_id" integer NOT NULL,
	"propagated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pricelist_item_costs_pricelist_id_priceable_item_id_pk" PRIMARY KEY("pricelist_id","priceable_item_id")
);
--> statement-breakpoint
CREATE TABLE "pricelist_item_prices" (
	"pricelist_id" integer NOT NULL,
	"priceable_item_id" integer NOT NULL,
	"sales_price" numeric(18, 6) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pricelist_item_prices_pricelist_id_priceable_item_id_pk" PRIMARY KEY("pricelist_id","priceable_item_id"),
	CONSTRAINT "pricelist_item_prices_price_check" CHECK ("pricelist_item_prices"."sales_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "propagation_filters" (
	"id" serial PRIMARY KEY NOT NULL,
	"pricelist_id" integer NOT NULL,
	"vendor_filter_type" text DEFAULT 'Include' NOT NULL,
	"vendor_account_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tag_filter_type" text DEFAULT 'Include' NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "propagation_filters_vendor_type_check" CHECK ("propagation_filters"."vendor_filter_type" in ('Include', 'Exclude')),
	CONSTRAINT "propagation_filters_tag_type_check" CHECK ("propagation_filters"."tag_filter_type" in ('Include', 'Exclude'))
);
--> statement-breakpoint
CREATE TABLE "propagation_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"pricelist_id" integer NOT NULL,
	"preview_id" text,
	"status" text DEFAULT 'Pending' NOT NULL,
	"total_items" integer DEFAULT 0 NOT NULL,
	"done_items" integer DEFAULT 0 NOT NULL,
	"changed_items" integer DEFAULT 0 NOT NULL,
	"error" text,
	"started_by_account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "propagation_runs_status_check" CHECK ("propagation_runs"."status" in ('Pending', 'Running', 'Completed', 'Failed'))
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"tenant_account_id" integer NOT NULL,
	"operation" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" text DEFAULT 'Running' NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_tenant_account_id_operation_key_pk" PRIMARY KEY("tenant_account_id","operation","key"),
	CONSTRAINT "idempotency_keys_status_check" CHECK ("idempotency_keys"."status" in ('Running', 'Done'))
);
--> statement-breakpoint
CREATE TABLE "outbox_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"account_id" integer,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "custom_charge_attachments" (
	"custom_charge_id" integer PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"storage_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custom_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"cost" numeric(14, 2) NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'PendingBilling' NOT NULL,
	"created_by_account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"billed_at" timestamp with time zone,
	"invoice_id" integer,
	CONSTRAINT "custom_charges_status_check" CHECK ("custom_charges"."status" in ('PendingBilling', 'Billed'))
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "ranking" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "owner_service_settings" ADD CONSTRAINT "owner_service_settings_owner_account_id_accounts_id_fk" FOREIGN KEY ("owner_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_service_settings" ADD CONSTRAINT "owner_service_settings_product_name_products_name_fk" FOREIGN KEY ("product_name") REFERENCES "public"."products"("name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_profiles" ADD CONSTRAINT "vendor_profiles_vendor_account_id_accounts_id_fk" FOREIGN KEY ("vendor_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_previews" ADD CONSTRAINT "price_previews_pricelist_id_pricelists_id_fk" FOREIGN KEY ("pricelist_id") REFERENCES "public"."pricelists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_previews" ADD CONSTRAINT "price_previews_created_by_account_id_accounts_id_fk" FOREIGN KEY ("created_by_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricelist_item_costs" ADD CONSTRAINT "pricelist_item_costs_pricelist_id_pricelists_id_fk" FOREIGN KEY ("pricelist_id") REFERENCES "public"."pricelists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricelist_item_costs" ADD CONSTRAINT "pricelist_item_costs_priceable_item_id_priceable_items_id_fk" FOREIGN KEY ("priceable_item_id") REFERENCES "public"."priceable_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricelist_item_costs" ADD CONSTRAINT "pricelist_item_costs_source_pricelist_id_pricelists_id_fk" FOREIGN KEY ("source_pricelist_id") REFERENCES "public"."pricelists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricelist_item_prices" ADD CONSTRAINT "pricelist_item_prices_pricelist_id_pricelists_id_fk" FOREIGN KEY ("pricelist_id") REFERENCES "public"."pricelists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricelist_item_prices" ADD CONSTRAINT "pricelist_item_prices_priceable_item_id_priceable_items_id_fk" FOREIGN KEY ("priceable_item_id") REFERENCES "public"."priceable_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "propagation_filters" ADD CONSTRAINT "propagation_filters_pricelist_id_pricelists_id_fk" FOREIGN KEY ("pricelist_id") REFERENCES "public"."pricelists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "propagation_runs" ADD CONSTRAINT "propagation_runs_pricelist_id_pricelists_id_fk" FOREIGN KEY ("pricelist_id") REFERENCES "public"."pricelists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "propagation_runs" ADD CONSTRAINT "propagation_runs_preview_id_price_previews_id_fk" FOREIGN KEY ("preview_id") REFERENCES "public"."price_previews"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "propagation_runs" ADD CONSTRAINT "propagation_runs_started_by_account_id_accounts_id_fk" FOREIGN KEY ("started_by_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_tenant_account_id_accounts_id_fk" FOREIGN KEY ("tenant_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_events" ADD CONSTRAINT "outbox_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_charge_attachments" ADD CONSTRAINT "custom_charge_attachments_custom_charge_id_custom_charges_id_fk" FOREIGN KEY ("custom_charge_id") REFERENCES "public"."custom_charges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_charges" ADD CONSTRAINT "custom_charges_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_charges" ADD CONSTRAINT "custom_charges_created_by_account_id_accounts_id_fk" FOREIGN KEY ("created_by_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "owner_service_settings_product_idx" ON "owner_service_settings" USING btree ("product_name");--> statement-breakpoint
CREATE INDEX "price_previews_pricelist_idx" ON "price_previews" USING btree ("pricelist_id");--> statement-breakpoint
CREATE INDEX "pricelist_item_costs_source_idx" ON "pricelist_item_costs" USING btree ("source_pricelist_id");--> statement-breakpoint
CREATE INDEX "propagation_filters_pricelist_idx" ON "propagation_filters" USING btree ("pricelist_id");--> statement-breakpoint
CREATE INDEX "propagation_runs_pricelist_idx" ON "propagation_runs" USING btree ("pricelist_id","created_at");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "outbox_events_undelivered_idx" ON "outbox_events" USING btree ("id") WHERE "outbox_events"."delivered_at" is null;--> statement-breakpoint
CREATE INDEX "custom_charges_account_idx" ON "custom_charges" USING btree ("account_id","created_at");