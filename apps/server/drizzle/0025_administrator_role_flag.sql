ALTER TABLE "roles" ADD COLUMN "is_administrator" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "roles_one_administrator_per_owner" ON "roles" USING btree ("owner_account_id") WHERE "roles"."is_administrator";--> statement-breakpoint
-- Until now the administrator role was known by its name: the first such role of each organisation keeps the mark.
UPDATE "roles" SET "is_administrator" = true WHERE "id" IN (SELECT min("id") FROM "roles" WHERE "name" IN ('Company administrator', 'Reseller administrator', 'Platform administrator', 'Vendor administrator') GROUP BY "owner_account_id");
