CREATE TABLE "knowledge_base_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_account_id" integer NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"search_config" "regconfig" NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"body" text NOT NULL,
	"url" text,
	"is_published" boolean DEFAULT true NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector("knowledge_base_articles"."search_config", "knowledge_base_articles"."title"), 'A') || setweight(to_tsvector("knowledge_base_articles"."search_config", "knowledge_base_articles"."summary" || ' ' || "knowledge_base_articles"."body"), 'B')) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_account_id" integer NOT NULL,
	"parent_account_id" integer NOT NULL,
	"payer_account_id" integer NOT NULL,
	"seller_account_id" integer NOT NULL,
	"product_name" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"currency" text NOT NULL,
	"order_value" numeric(14, 2) NOT NULL,
	"credit_limit" numeric(14, 2),
	"projected_invoice" numeric(14, 2),
	"approval_status" text DEFAULT 'Pending' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_by_account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by_account_id" integer,
	"decided_at" timestamp with time zone,
	CONSTRAINT "orders_approval_status_check" CHECK ("orders"."approval_status" in ('Pending', 'Approved', 'Rejected', 'Cancelled')),
	CONSTRAINT "orders_quantity_check" CHECK ("orders"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "provisioning_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer,
	"company_account_id" integer NOT NULL,
	"subscription_account_id" integer,
	"product_name" text NOT NULL,
	"action" text DEFAULT 'Create' NOT NULL,
	"order_status" text DEFAULT 'Submitted' NOT NULL,
	"product_status" text DEFAULT 'Pending' NOT NULL,
	"is_final_status" boolean DEFAULT false NOT NULL,
	"rollback_completed" boolean DEFAULT false NOT NULL,
	"error_message" text,
	"customer_id" text,
	"send_date" timestamp with time zone,
	"created_by_account_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provisioning_requests_order_status_check" CHECK ("provisioning_requests"."order_status" in ('Submitted', 'InProgress', 'Completed', 'Failed', 'Cancelled'))
);
--> statement-breakpoint
ALTER TABLE "knowledge_base_articles" ADD CONSTRAINT "knowledge_base_articles_owner_account_id_accounts_id_fk" FOREIGN KEY ("owner_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_account_id_accounts_id_fk" FOREIGN KEY ("company_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_parent_account_id_accounts_id_fk" FOREIGN KEY ("parent_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payer_account_id_accounts_id_fk" FOREIGN KEY ("payer_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_seller_account_id_accounts_id_fk" FOREIGN KEY ("seller_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_product_name_products_name_fk" FOREIGN KEY ("product_name") REFERENCES "public"."products"("name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_created_by_account_id_accounts_id_fk" FOREIGN KEY ("created_by_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_decided_by_account_id_accounts_id_fk" FOREIGN KEY ("decided_by_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provisioning_requests" ADD CONSTRAINT "provisioning_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provisioning_requests" ADD CONSTRAINT "provisioning_requests_company_account_id_accounts_id_fk" FOREIGN KEY ("company_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provisioning_requests" ADD CONSTRAINT "provisioning_requests_subscription_account_id_accounts_id_fk" FOREIGN KEY ("subscription_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provisioning_requests" ADD CONSTRAINT "provisioning_requests_product_name_products_name_fk" FOREIGN KEY ("product_name") REFERENCES "public"."products"("name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provisioning_requests" ADD CONSTRAINT "provisioning_requests_created_by_account_id_accounts_id_fk" FOREIGN KEY ("created_by_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_base_articles_owner_idx" ON "knowledge_base_articles" USING btree ("owner_account_id","locale");--> statement-breakpoint
CREATE INDEX "knowledge_base_articles_search_idx" ON "knowledge_base_articles" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "orders_company_status_idx" ON "orders" USING btree ("company_account_id","approval_status");--> statement-breakpoint
CREATE INDEX "orders_creator_idx" ON "orders" USING btree ("created_by_account_id");--> statement-breakpoint
CREATE INDEX "provisioning_requests_company_status_idx" ON "provisioning_requests" USING btree ("company_account_id","order_status");--> statement-breakpoint
CREATE INDEX "provisioning_requests_creator_idx" ON "provisioning_requests" USING btree ("created_by_account_id");