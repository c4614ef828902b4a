CREATE TABLE "product_upgrade_paths" (
	"from_product_name" text NOT NULL,
	"to_product_name" text NOT NULL,
	CONSTRAINT "product_upgrade_paths_from_product_name_to_product_name_pk" PRIMARY KEY("from_product_name","to_product_name")
);
--> statement-breakpoint
CREATE TABLE "subscription_scheduled_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_account_id" integer NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"created_by_account_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_seat_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_account_id" integer NOT NULL,
	"kind" text NOT NULL,
	"quantity" integer NOT NULL,
	"refundable_quantity" integer NOT NULL,
	"refundable_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "cancellation_window_hours" integer DEFAULT 168 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_upgrade_paths" ADD CONSTRAINT "product_upgrade_paths_from_product_name_products_name_fk" FOREIGN KEY ("from_product_name") REFERENCES "public"."products"("name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_upgrade_paths" ADD CONSTRAINT "product_upgrade_paths_to_product_name_products_name_fk" FOREIGN KEY ("to_product_name") REFERENCES "public"."products"("name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_scheduled_changes" ADD CONSTRAINT "subscription_scheduled_changes_subscription_account_id_accounts_id_fk" FOREIGN KEY ("subscription_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_scheduled_changes" ADD CONSTRAINT "subscription_scheduled_changes_created_by_account_id_accounts_id_fk" FOREIGN KEY ("created_by_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_seat_batches" ADD CONSTRAINT "subscription_seat_batches_subscription_account_id_accounts_id_fk" FOREIGN KEY ("subscription_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_scheduled_changes_subscription_idx" ON "subscription_scheduled_changes" USING btree ("subscription_account_id");--> statement-breakpoint
CREATE INDEX "subscription_seat_batches_subscription_idx" ON "subscription_seat_batches" USING btree ("subscription_account_id");