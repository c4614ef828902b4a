CREATE TABLE "account_import_chunks" (
	"import_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "account_import_chunks_import_id_seq_pk" PRIMARY KEY("import_id","seq")
);
--> statement-breakpoint
CREATE TABLE "account_import_errors" (
	"id" serial PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"row" integer NOT NULL,
	"column" text NOT NULL,
	"message" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_import_groups" (
	"import_id" integer NOT NULL,
	"first_row" integer NOT NULL,
	"outcome" text NOT NULL,
	"accounts_created" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "account_import_groups_import_id_first_row_pk" PRIMARY KEY("import_id","first_row")
);
--> statement-breakpoint
CREATE TABLE "account_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"format" text NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"parent_account_id" integer NOT NULL,
	"creator_account_id" integer NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"file_bytes" integer DEFAULT 0 NOT NULL,
	"schedule_date" timestamp with time zone,
	"skip_invalid_groups" boolean DEFAULT false NOT NULL,
	"row_count" integer DEFAULT 0 NOT NULL,
	"group_count" integer DEFAULT 0 NOT NULL,
	"groups_done" integer DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"imported_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "account_imports_status_check" CHECK ("account_imports"."status" in ('Pending', 'InProgress', 'Completed', 'Failed', 'Cancelled', 'Error'))
);
--> statement-breakpoint
ALTER TABLE "account_import_chunks" ADD CONSTRAINT "account_import_chunks_import_id_account_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."account_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_import_errors" ADD CONSTRAINT "account_import_errors_import_id_account_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."account_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_import_groups" ADD CONSTRAINT "account_import_groups_import_id_account_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."account_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_imports" ADD CONSTRAINT "account_imports_parent_account_id_accounts_id_fk" FOREIGN KEY ("parent_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_imports" ADD CONSTRAINT "account_imports_creator_account_id_accounts_id_fk" FOREIGN KEY ("creator_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_import_errors_import_idx" ON "account_import_errors" USING btree ("import_id","row","id");--> statement-breakpoint
CREATE INDEX "account_imports_parent_idx" ON "account_imports" USING btree ("parent_account_id","id");