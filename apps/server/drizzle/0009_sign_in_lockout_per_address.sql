-- Issue 11: the lockout counts per (lower-case username, source address) instead of per username, so
-- nobody can lock another person out. The counters are short-lived: the old ones are dropped (any
-- running lock ends at the upgrade) rather than guessed into the new key.
DROP TABLE "sign_in_failures";--> statement-breakpoint
CREATE TABLE "sign_in_failures" (
	"username" text NOT NULL,
	"address" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"first_failure_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_failure_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sign_in_failures_username_address_pk" PRIMARY KEY("username","address")
);
--> statement-breakpoint
CREATE TABLE "request_limits" (
	"scope" text NOT NULL,
	"subject" text NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "request_limits_scope_subject_pk" PRIMARY KEY("scope","subject")
);
--> statement-breakpoint
CREATE INDEX "sign_in_failures_expires_at_idx" ON "sign_in_failures" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "request_limits_expires_at_idx" ON "request_limits" USING btree ("expires_at");
