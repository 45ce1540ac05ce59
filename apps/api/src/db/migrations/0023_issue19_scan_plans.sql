-- scan_tickets as in 0008, planned so that it reads tickets, events, users and sessions by primary
-- key only, whatever the statistics (issue 19). It handles one batch of at most 100 scans, so its
-- right plan is always a nested loop of primary-key lookups. Without statistics (a new database,
-- any database before its first ANALYZE; PGlite never runs one) the planner took tickets for a few
-- pages and the batch for 100 rows (its guess for jsonb_to_recordset): it joined them with a
-- sequential scan of tickets, and PL/pgSQL kept that plan for the connection's life as the night's
-- tickets grew (the door bench read 2.7 million ticket rows for 4,500 scans, p99 64 ms). With
-- sequential scans priced out, a plan made on a new database still walked the whole primary key,
-- tickets on the outside of a semi-join with the batch; and the scanner's account was read through
-- the index of staff roles. Now:
-- - inside the function the planner has only index scans and nested loops to choose from
--   (sequential and bitmap scans, hash and merge joins priced out), so every lookup is by key;
-- - the batch's tickets are locked through `id = ANY (ARRAY(...))`, an index condition, instead of
--   `IN (SELECT ...)`, which a nested loop could put on the inside.
-- Plans are still kept per connection: planning these two statements costs ~1.5 ms, which
-- re-planning each call (plan_cache_mode = force_custom_plan, tried) added to every quiet scan.
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
) LANGUAGE plpgsql VOLATILE SET lock_timeout = '2s'
  SET enable_seqscan = off SET enable_bitmapscan = off SET enable_hashjoin = off SET enable_mergejoin = off AS $$
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
    -- The batch's tickets as one array: an index condition on the primary key, which no plan can
    -- turn into a walk of the whole table (IN (SELECT ...) could, see above).
    SELECT t.id FROM tickets t
    WHERE t.id = ANY (ARRAY(SELECT a.ticket FROM attempts a)) AND t.status = 'VALID'
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
