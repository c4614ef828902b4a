CREATE TABLE "live_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- issue 16: a session row deleted, by any code path (sign-out, password change, a disabled user,
-- expiry), tells every node's live hub at commit, so the session's sockets hear reauth at once.
CREATE OR REPLACE FUNCTION live_session_ended() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('cmp_live', json_build_object('k', 'end', 's', OLD.public_id)::text);
  RETURN OLD;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER sessions_live_end AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION live_session_ended();
--> statement-breakpoint
-- issue 16 updatecapabs: roles, capability sets or a user's status changed; each node compares
-- the capabilities of the users it holds sockets of and tells those whose set changed.
CREATE OR REPLACE FUNCTION live_capabilities_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('cmp_live', '{"k":"caps"}');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER user_roles_live_caps AFTER INSERT OR UPDATE OR DELETE ON user_roles
  FOR EACH STATEMENT EXECUTE FUNCTION live_capabilities_changed();
--> statement-breakpoint
CREATE TRIGGER role_capability_sets_live_caps AFTER INSERT OR UPDATE OR DELETE ON role_capability_sets
  FOR EACH STATEMENT EXECUTE FUNCTION live_capabilities_changed();
--> statement-breakpoint
CREATE TRIGGER capability_set_items_live_caps AFTER INSERT OR UPDATE OR DELETE ON capability_set_items
  FOR EACH STATEMENT EXECUTE FUNCTION live_capabilities_changed();
--> statement-breakpoint
CREATE TRIGGER users_live_caps AFTER UPDATE OF is_disabled ON users
  FOR EACH STATEMENT EXECUTE FUNCTION live_capabilities_changed();
--> statement-breakpoint
CREATE TRIGGER accounts_live_caps AFTER UPDATE OF state ON accounts
  FOR EACH STATEMENT EXECUTE FUNCTION live_capabilities_changed();
