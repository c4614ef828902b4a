ALTER TABLE "outbox_events" ADD COLUMN "recipient_user_ids" integer[];--> statement-breakpoint
CREATE INDEX "outbox_events_recipients_idx" ON "outbox_events" USING gin ("recipient_user_ids");--> statement-breakpoint
-- Every outbox event tells the live hubs of all nodes when its transaction commits (issue 16: an
-- event that was committed is delivered; one rolled back never is).
CREATE FUNCTION outbox_events_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cmp_live', json_build_object('k', 'biz', 'id', NEW.id)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER outbox_events_notify AFTER INSERT ON outbox_events FOR EACH ROW EXECUTE FUNCTION outbox_events_notify();
