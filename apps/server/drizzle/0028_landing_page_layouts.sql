CREATE TABLE "landing_page_layouts" (
	"owner_account_id" integer NOT NULL,
	"account_type" text NOT NULL,
	"tiles" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_account_id" integer,
	CONSTRAINT "landing_page_layouts_owner_account_id_account_type_pk" PRIMARY KEY("owner_account_id","account_type")
);
--> statement-breakpoint
ALTER TABLE "landing_page_layouts" ADD CONSTRAINT "landing_page_layouts_owner_account_id_accounts_id_fk" FOREIGN KEY ("owner_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landing_page_layouts" ADD CONSTRAINT "landing_page_layouts_updated_by_account_id_accounts_id_fk" FOREIGN KEY ("updated_by_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;