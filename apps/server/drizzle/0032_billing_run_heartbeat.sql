-- Issue 30: a billing run's heartbeat (a run whose job died is found and resumed) and one active run
-- per scope and month. Runs already racing for one scope and month (30 RunBilling calls made 30) keep
-- the newest active; the others end as Failed saying which run bills the month — every run bills the
-- same payers once, so nothing is lost.
ALTER TABLE "billing_runs" DROP CONSTRAINT "billing_runs_status_check";--> statement-breakpoint
ALTER TABLE "billing_runs" ADD COLUMN "heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_runs" ADD COLUMN "interrupted_at" timestamp with time zone;--> statement-breakpoint
UPDATE "billing_runs" r SET "status" = 'Failed', "finished_at" = now(),
  "error" = 'Stopped: one billing run per account and month at a time; run ' || n."id" || ' bills this month.'
  FROM (SELECT max("id") AS "id", coalesce("scope_account_id", 0) AS "scope", "interval_id" FROM "billing_runs" WHERE "status" = 'Running' GROUP BY 2, 3) n
  WHERE r."status" = 'Running' AND coalesce(r."scope_account_id", 0) = n."scope" AND r."interval_id" = n."interval_id" AND r."id" <> n."id";--> statement-breakpoint
CREATE UNIQUE INDEX "billing_runs_one_active_idx" ON "billing_runs" USING btree (coalesce("scope_account_id", 0),"interval_id") WHERE "billing_runs"."status" in ('Running', 'Interrupted');--> statement-breakpoint
CREATE INDEX "billing_runs_active_heartbeat_idx" ON "billing_runs" USING btree ("heartbeat_at") WHERE "billing_runs"."status" in ('Running', 'Interrupted');--> statement-breakpoint
ALTER TABLE "billing_runs" ADD CONSTRAINT "billing_runs_status_check" CHECK ("billing_runs"."status" in ('Running', 'Interrupted', 'Completed', 'Failed'));