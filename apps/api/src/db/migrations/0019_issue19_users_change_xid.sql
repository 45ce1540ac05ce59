-- What the back office's exports show of an account (email, username, affiliate code) is stamped
-- with the transaction that last wrote it, so a kept export (orders/exports.service.ts) asks for the
-- accounts stamped since it was made instead of looking up each buyer. Existing accounts count as
-- written long ago ('0': added without rewriting the table); new ones get the inserting transaction.
ALTER TABLE "users" ADD COLUMN "change_xid" "xid8" DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "change_xid" SET DEFAULT pg_current_xact_id();--> statement-breakpoint
CREATE INDEX "users_change_xid_idx" ON "users" USING btree ("change_xid");--> statement-breakpoint
-- Statistics for the new column at once: without them the planner guesses a third of the accounts
-- changed since any version, and read the whole users table in primary-key order for a check.
ANALYZE "users";--> statement-breakpoint
-- Only an update that changes one of those columns stamps the row: last_active_at and the other
-- columns a sign-in or a purchase writes stay HOT updates. A column an export starts showing must
-- join this list (the exports' test changes each in turn). The stamping itself is migration 0009's
-- tickets_touch_change_xid(), which sets NEW.change_xid on any table that has one.
CREATE TRIGGER users_change_xid BEFORE UPDATE ON users
  FOR EACH ROW
  WHEN (OLD.email IS DISTINCT FROM NEW.email
    OR OLD.username IS DISTINCT FROM NEW.username
    OR OLD.affiliate_code IS DISTINCT FROM NEW.affiliate_code)
  EXECUTE FUNCTION tickets_touch_change_xid();
