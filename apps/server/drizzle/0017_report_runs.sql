CREATE TABLE "report_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_account_id" integer NOT NULL,
	"report_name" text NOT NULL,
	"parameters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_runs" ADD CONSTRAINT "report_runs_user_account_id_accounts_id_fk" FOREIGN KEY ("user_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_runs_user_report_idx" ON "report_runs" USING btree ("user_account_id","report_name");