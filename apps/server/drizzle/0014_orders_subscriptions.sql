CREATE TABLE "company_credit_limits" (
	"company_account_id" integer PRIMARY KEY NOT NULL,
	"credit_limit" numeric(14, 2) NOT NULL,
	"currency" text NOT NULL,
	"updated_by_account_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"created_by_account_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "status" text DEFAULT 'Active' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "billing_frequency" text DEFAULT 'Monthly' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "unit_price" numeric(18, 6);--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "price_rule" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "term_start_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "price_lines" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "subscription_account_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "commitment" text DEFAULT '1-month' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "billing_frequency" text DEFAULT 'Monthly' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "is_prepaid" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "price_lines" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "setup_fee" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "open_balance" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "credit_check" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "view_values" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "provisioning_requests" ADD COLUMN "escalated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "provisioning_requests" ADD COLUMN "escalated_by_account_id" integer;--> statement-breakpoint
ALTER TABLE "provisioning_requests" ADD COLUMN "last_action" text;--> statement-breakpoint
ALTER TABLE "provisioning_requests" ADD COLUMN "last_action_by_account_id" integer;--> statement-breakpoint
ALTER TABLE "provisioning_requests" ADD COLUMN "last_action_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "company_credit_limits" ADD CONSTRAINT "company_credit_limits_company_account_id_accounts_id_fk" FOREIGN KEY ("company_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_credit_limits" ADD CONSTRAINT "company_credit_limits_updated_by_account_id_accounts_id_fk" FOREIGN KEY ("updated_by_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_attachments" ADD CONSTRAINT "order_attachments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_attachments" ADD CONSTRAINT "order_attachments_created_by_account_id_accounts_id_fk" FOREIGN KEY ("created_by_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_attachments_order_idx" ON "order_attachments" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_subscription_account_id_accounts_id_fk" FOREIGN KEY ("subscription_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provisioning_requests" ADD CONSTRAINT "provisioning_requests_escalated_by_account_id_accounts_id_fk" FOREIGN KEY ("escalated_by_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provisioning_requests" ADD CONSTRAINT "provisioning_requests_last_action_by_account_id_accounts_id_fk" FOREIGN KEY ("last_action_by_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;