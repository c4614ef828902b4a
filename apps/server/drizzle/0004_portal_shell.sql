CREATE TABLE "page_views" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_account_id" integer,
	"path" text NOT NULL,
	"instance_id" text,
	"event" text DEFAULT 'page_view' NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_details" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "term_acceptances" (
	"term_id" integer NOT NULL,
	"user_account_id" integer NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "term_acceptances_term_id_user_account_id_pk" PRIMARY KEY("term_id","user_account_id")
);
--> statement-breakpoint
CREATE TABLE "terms" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_account_id" integer NOT NULL,
	"name" text NOT NULL,
	"terms_text" text NOT NULL,
	"path_to_terms_pdf" text,
	"is_privacy_policy" boolean DEFAULT false NOT NULL,
	"product_name" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "support_details" ADD CONSTRAINT "support_details_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_acceptances" ADD CONSTRAINT "term_acceptances_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_acceptances" ADD CONSTRAINT "term_acceptances_user_account_id_accounts_id_fk" FOREIGN KEY ("user_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms" ADD CONSTRAINT "terms_owner_account_id_accounts_id_fk" FOREIGN KEY ("owner_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "page_views_occurred_idx" ON "page_views" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "terms_owner_idx" ON "terms" USING btree ("owner_account_id");--> statement-breakpoint
CREATE INDEX "accounts_display_name_trgm_idx" ON "accounts" USING gin ("display_name" gin_trgm_ops);