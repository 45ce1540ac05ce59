CREATE TABLE "auth_throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_failure_at" timestamp with time zone,
	"blocked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"authenticated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_agent" text,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_throttles_blocked_idx" ON "auth_throttles" USING btree ("blocked_until");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
-- Every refresh family signed in before this migration becomes a session (signed-in device), so it
-- keeps refreshing: signed in at its first token, last used at its newest, ended if every token was.
INSERT INTO "sessions" ("id", "user_id", "authenticated_at", "last_used_at", "revoked_at")
SELECT "family_id", min("user_id"), min("created_at"), max("created_at"),
  CASE WHEN bool_and("revoked_at" IS NOT NULL) THEN max("revoked_at") END
FROM "refresh_tokens"
GROUP BY "family_id"
ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
-- The admission window, written once for SQL (issue 17): entry opens p_opens_hours before the
-- start and closes at the end (or p_opens_hours after the start without one); no start, no entry.
-- The TypeScript form is isAdmissionOpen (packages/shared/src/admission-window.ts); a property test
-- (apps/api/src/db/admission-window.test.ts) holds the two together. A one-expression SQL function:
-- the planner inlines it.
CREATE OR REPLACE FUNCTION admission_open(p_starts timestamptz, p_ends timestamptz, p_opens_hours integer, p_at timestamptz)
RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT p_starts IS NOT NULL
    AND p_at >= p_starts - make_interval(hours => p_opens_hours)
    AND p_at < coalesce(p_ends, p_starts + make_interval(hours => p_opens_hours))
$$;--> statement-breakpoint
-- "The account is live", written once for SQL (issue 17): the account behind an access token's
-- claims (user, session version, session) as at most one row; none when the account is deleted or
-- disabled, its session version has moved on, or the token's session (signed-in device) is not
-- this user's or was signed out. The hold statement (liveAccount, db/live-account.ts) and
-- scan_tickets read it; the TypeScript form is isLiveAccount (packages/shared/src/live-account.ts),
-- held together by the property test db/live-account.test.ts. A one-SELECT SQL function called in
-- FROM: the planner inlines it, so the probes stay primary-key lookups.
CREATE OR REPLACE FUNCTION live_account(p_user bigint, p_session_version integer, p_session uuid)
RETURNS TABLE (id bigint, role role, verification_status verification_status) LANGUAGE sql STABLE AS $$
  SELECT u.id, u.role, u.verification_status FROM users u
  WHERE u.id = p_user AND u.session_version = p_session_version AND NOT u.deleted AND NOT u.disabled
    AND EXISTS (SELECT 1 FROM sessions d WHERE d.id = p_session AND d.user_id = u.id AND d.revoked_at IS NULL)
$$;--> statement-breakpoint
-- scan_tickets as in 0006, and the scanner's access-token session must be live too (sid: same user,
-- not signed out): the scanner is read through live_account. A signed-out door phone admits no one.
CREATE OR REPLACE FUNCTION scan_tickets(p_scans jsonb, p_roles text[], p_opens_hours integer)
RETURNS TABLE (
  i integer,
  outcome text,
  ticket_id uuid,
  event_id bigint,
  ticket_status text,
  ticket_type text,
  first_name text,
  last_name text,
  date_of_birth text,
  title text,
  starts_ms float8,
  ends_ms float8,
  used_ms float8,
  admitted_by text
) LANGUAGE plpgsql VOLATILE SET lock_timeout = '2s' AS $$
#variable_conflict use_column
DECLARE
  v_admitted integer[];
BEGIN
  WITH scans AS (
    SELECT * FROM jsonb_to_recordset(p_scans) AS x(i integer, ticket uuid, scanner bigint, sv integer, sid uuid, device text)
  ), attempts AS (
    SELECT DISTINCT ON (x.ticket) x.i, x.ticket, x.scanner, x.device
    FROM scans x
    JOIN LATERAL live_account(x.scanner, x.sv, x.sid) s ON s.role::text = ANY (p_roles)
    ORDER BY x.ticket, x.i
  ), locked AS (
    SELECT t.id FROM tickets t
    WHERE t.id IN (SELECT a.ticket FROM attempts a) AND t.status = 'VALID'
    ORDER BY t.id
    FOR UPDATE SKIP LOCKED
  ), admitted AS (
    UPDATE tickets t
    SET status = 'USED', used_at = now(), used_by = a.scanner, used_device = a.device
    FROM locked l, attempts a, events e
    WHERE t.id = l.id AND a.ticket = l.id AND t.status = 'VALID' AND e.id = t.event_id AND NOT e.cancelled
      AND admission_open(e.starts_at, e.ends_at, p_opens_hours, now())
    RETURNING a.i, t.id, t.event_id, a.scanner, a.device
  ), logged AS (
    INSERT INTO ticket_scans (ticket_id, event_id, scanner_id, result, device)
    SELECT ad.id, ad.event_id, ad.scanner, 'OK', ad.device FROM admitted ad
  )
  SELECT coalesce(array_agg(ad.i), '{}') INTO v_admitted FROM admitted ad;

  RETURN QUERY
  SELECT x.i,
    CASE
      WHEN x.i = ANY (v_admitted) THEN 'OK'
      WHEN s.role IS NULL THEN 'SESSION_ENDED'
      WHEN NOT (s.role::text = ANY (p_roles)) THEN 'FORBIDDEN'
      WHEN t.id IS NULL THEN 'INVALID'
      WHEN t.status = 'VOID' THEN 'VOID'
      WHEN t.status = 'USED' THEN 'ALREADY_USED'
      WHEN e.cancelled THEN 'VOID'
      WHEN admission_open(e.starts_at, e.ends_at, p_opens_hours, now()) THEN 'RETRY'
      ELSE 'WRONG_DAY'
    END,
    t.id, t.event_id, t.status::text, t.ticket_type::text, t.first_name, t.last_name, t.date_of_birth::text,
    e.title, floor(extract(epoch FROM e.starts_at) * 1000)::float8, floor(extract(epoch FROM e.ends_at) * 1000)::float8,
    floor(extract(epoch FROM t.used_at) * 1000)::float8, u.username
  FROM jsonb_to_recordset(p_scans) AS x(i integer, ticket uuid, scanner bigint, sv integer, sid uuid, device text)
  LEFT JOIN LATERAL live_account(x.scanner, x.sv, x.sid) s ON true
  -- An account that may not scan learns nothing of the ticket, unless this very call admitted it.
  LEFT JOIN tickets t ON t.id = x.ticket AND (x.i = ANY (v_admitted) OR s.role::text = ANY (p_roles))
  LEFT JOIN events e ON e.id = t.event_id
  LEFT JOIN users u ON u.id = t.used_by;
END;
$$;
