CREATE TABLE "user_role_counts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_role_counts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"role" text NOT NULL,
	"users" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_role_counts_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Issue 19: accounts per role (schema/sales-stats.ts). Append-only, so concurrent sign-ups and role
-- changes never wait on (or deadlock over) a counter row.
CREATE FUNCTION ff_user_role_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Deleted accounts are counted too, under '(deleted)': the master's user list shows them.
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO user_role_counts (role, users)
      VALUES (CASE WHEN OLD.deleted THEN '(deleted)' ELSE OLD.role::text END, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO user_role_counts (role, users)
      VALUES (CASE WHEN NEW.deleted THEN '(deleted)' ELSE NEW.role::text END, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_role_counts_changed AFTER INSERT OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION ff_user_role_counts();
--> statement-breakpoint
CREATE TRIGGER users_role_counts_updated AFTER UPDATE OF role, deleted ON users FOR EACH ROW
  WHEN (OLD.role IS DISTINCT FROM NEW.role OR OLD.deleted IS DISTINCT FROM NEW.deleted)
  EXECUTE FUNCTION ff_user_role_counts();
--> statement-breakpoint
CREATE FUNCTION ff_user_role_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM user_role_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_role_counts_truncated AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION ff_user_role_counts_truncated();
