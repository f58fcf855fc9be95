-- Every process keeps the sessions it resolved lately (modules/auth/session-cache.ts) and drops one
-- when it hears of a change here: 's' + session id, 'u' + user id, '*' for everything.
CREATE FUNCTION "session_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_LEVEL = 'STATEMENT' THEN
		PERFORM pg_notify('session_changed', '*');
	ELSIF TG_TABLE_NAME = 'session' THEN
		PERFORM pg_notify('session_changed', 's' || OLD.id);
	ELSE
		PERFORM pg_notify('session_changed', 'u' || OLD.id);
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "session_changed" AFTER UPDATE OR DELETE ON "session"
	FOR EACH ROW EXECUTE FUNCTION "session_changed"();
--> statement-breakpoint
CREATE TRIGGER "session_user_changed" AFTER UPDATE OF "email", "email_verified", "referrer_id", "has_ai_config", "created_at" OR DELETE ON "user"
	FOR EACH ROW EXECUTE FUNCTION "session_changed"();
--> statement-breakpoint
CREATE TRIGGER "session_truncated" AFTER TRUNCATE ON "session"
	FOR EACH STATEMENT EXECUTE FUNCTION "session_changed"();
--> statement-breakpoint
CREATE TRIGGER "session_user_truncated" AFTER TRUNCATE ON "user"
	FOR EACH STATEMENT EXECUTE FUNCTION "session_changed"();
