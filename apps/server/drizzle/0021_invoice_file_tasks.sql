CREATE TABLE "invoice_file_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"interval_id" text NOT NULL,
	"requested_by_account_id" integer NOT NULL,
	"locale" text NOT NULL,
	"status" text DEFAULT 'Queued' NOT NULL,
	"invoices_total" integer DEFAULT 0 NOT NULL,
	"invoices_done" integer DEFAULT 0 NOT NULL,
	"file_name" text,
	"content" "bytea",
	"mail_failed" boolean DEFAULT false NOT NULL,
	"error" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "invoice_file_tasks_status_check" CHECK ("invoice_file_tasks"."status" in ('Queued', 'Running', 'Completed', 'Failed'))
);
--> statement-breakpoint
ALTER TABLE "invoice_file_tasks" ADD CONSTRAINT "invoice_file_tasks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_file_tasks" ADD CONSTRAINT "invoice_file_tasks_requested_by_account_id_accounts_id_fk" FOREIGN KEY ("requested_by_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_file_tasks_account_idx" ON "invoice_file_tasks" USING btree ("account_id","requested_at");