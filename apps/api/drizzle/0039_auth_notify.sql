-- Every change of a token or of a user notifies the channel `yams_auth` (`t<id>`, `u<id>`), so that each API
-- process drops what it kept of them (src/modules/auth/token-cache.ts: who calls, without a round trip per
-- request), whoever wrote: another node, a script, or an administrator by hand in SQL. A notification is
-- sent at commit, and several of one transaction with the same text are sent once. Hand-written:
-- drizzle-kit generates no functions or triggers.
CREATE OR REPLACE FUNCTION auth_notify() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM pg_notify('yams_auth', CASE TG_TABLE_NAME WHEN 'users' THEN 'u' ELSE 't' END || OLD.id);
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER auth_notify_users AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION auth_notify();
--> statement-breakpoint
CREATE TRIGGER auth_notify_tokens AFTER UPDATE OR DELETE ON personal_access_tokens FOR EACH ROW
  EXECUTE FUNCTION auth_notify();
