-- Issue 30: a provisioning request the vendor completed always names the subscription that bills its
-- seats. NOT VALID: a database that already holds such a request (a demo world seeded before this
-- release) still migrates; every new or changed row is checked, and the admin console's Data checks
-- list the old ones by id to be mended.
ALTER TABLE "provisioning_requests" ADD CONSTRAINT "provisioning_requests_completed_subscription_check" CHECK ("provisioning_requests"."subscription_account_id" is not null or "provisioning_requests"."order_status" <> 'Completed') NOT VALID;
