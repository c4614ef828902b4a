ALTER TABLE "product_upgrade_paths" ADD COLUMN "id" serial NOT NULL;--> statement-breakpoint
ALTER TABLE "product_upgrade_paths" ADD COLUMN "kind" text DEFAULT 'Upgrade' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "upgraded_from_account_id" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_upgraded_from_account_id_accounts_id_fk" FOREIGN KEY ("upgraded_from_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_upgrade_paths" ADD CONSTRAINT "product_upgrade_paths_id_unique" UNIQUE("id");