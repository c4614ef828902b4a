CREATE TABLE "account_terminations" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"status" text NOT NULL,
	"terminate_at" timestamp with time zone NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"send_to_sdp" boolean DEFAULT false NOT NULL,
	"requested_by_account_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_by_account_id" integer,
	"cancelled_at" timestamp with time zone,
	"executed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "enum_data" (
	"name" text PRIMARY KEY NOT NULL,
	"members" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"preferences" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"name" text PRIMARY KEY NOT NULL,
	"display_name" text NOT NULL,
	"vendor_account_id" integer,
	"parent_types" jsonb DEFAULT '["Company"]'::jsonb NOT NULL,
	"is_prepaid" boolean DEFAULT false NOT NULL,
	"commitment" text DEFAULT '1-month' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"product_name" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"is_prepaid" boolean DEFAULT false NOT NULL,
	"auto_renew" text DEFAULT 'Renew' NOT NULL,
	"commitment" text DEFAULT '1-month' NOT NULL,
	"minimum_contract_end_date" timestamp with time zone,
	"lock_period_end_date" timestamp with time zone,
	"has_price_protection" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "view_definitions" (
	"name" text PRIMARY KEY NOT NULL,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "view_layouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_type" text NOT NULL,
	"view" text NOT NULL,
	"product_name" text DEFAULT '' NOT NULL,
	"pages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "account_terminations" ADD CONSTRAINT "account_terminations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_vendor_account_id_accounts_id_fk" FOREIGN KEY ("vendor_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_product_name_products_name_fk" FOREIGN KEY ("product_name") REFERENCES "public"."products"("name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_terminations_account_idx" ON "account_terminations" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "account_terminations_scheduled_idx" ON "account_terminations" USING btree ("account_id") WHERE "account_terminations"."status" = 'Scheduled';--> statement-breakpoint
CREATE UNIQUE INDEX "view_layouts_key_idx" ON "view_layouts" USING btree ("account_type","view","product_name");