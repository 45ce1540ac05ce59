-- Door scanning, several scans in one round trip (modules/scan/scan-batch.ts gathers the scans
-- that arrive while earlier ones are with the database; at a quiet door a batch is one scan).
-- Replaces scan_ticket (0004), with the same rules. In one transaction:
--   1. the batch's tickets are locked first, in id order, with SKIP LOCKED: a ticket another
--      transaction holds (a refund, an event cancellation, another instance's batch) is not waited
--      for; its scan answers RETRY at once and the server asks again a moment later
--      (scan.service.ts). So one busy ticket never holds up a door whose batches go one at a
--      time, and a batch cannot deadlock on tickets;
--   2. the admissions: ONE conditional UPDATE over the locked tickets (still VALID, event not
--      cancelled, admission window open, and the scanner's account live, same session version,
--      one of p_roles). A ticket scanned more than once in the batch is tried once, for its
--      earliest scan by an entitled scanner. Each admission writes its scan-log row (OK) in the
--      same statement;
--   3. then every scan's answer, read afresh (a VOLATILE function's next statement sees what a
--      concurrent door committed meanwhile, and this batch's own admissions): OK for the scans
--      admitted above, with the ticket's details even if the scanner's account changed in
--      between; else the scanner's session ended (SESSION_ENDED) or lacks the role (FORBIDDEN),
--      with nothing of the ticket read; else ALREADY_USED (with who and when), VOID, WRONG_DAY,
--      or INVALID for a genuine signature over a ticket that no longer exists. A refusal changes
--      nothing. RETRY: admissible now, yet not admitted (held by another transaction, changed
--      under the UPDATE, or an earlier scan of it in the batch had no entitled scanner).
-- lock_timeout 2 s bounds any other wait: a stuck batch fails (the door can scan again) instead
-- of freezing every scan queued behind it.
-- now() is the transaction's time, so the UPDATE and the answers judge the same instant.
-- p_scans: [{"i": 0, "ticket": uuid, "scanner": id, "sv": session version, "device": text|null}].
DROP FUNCTION IF EXISTS scan_ticket(uuid, bigint, integer, text[], text, integer);
--> statement-breakpoint
CREATE FUNCTION scan_tickets(p_scans jsonb, p_roles text[], p_opens_hours integer)
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
    SELECT * FROM jsonb_to_recordset(p_scans) AS x(i integer, ticket uuid, scanner bigint, sv integer, device text)
  ), attempts AS (
    SELECT DISTINCT ON (x.ticket) x.i, x.ticket, x.scanner, x.device
    FROM scans x
    JOIN users s ON s.id = x.scanner AND s.session_version = x.sv AND NOT s.deleted AND NOT s.disabled
      AND s.role::text = ANY (p_roles)
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
      AND e.starts_at IS NOT NULL
      AND now() >= e.starts_at - make_interval(hours => p_opens_hours)
      AND now() < coalesce(e.ends_at, e.starts_at + make_interval(hours => p_opens_hours))
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
      WHEN e.starts_at IS NOT NULL
        AND now() >= e.starts_at - make_interval(hours => p_opens_hours)
        AND now() < coalesce(e.ends_at, e.starts_at + make_interval(hours => p_opens_hours)) THEN 'RETRY'
      ELSE 'WRONG_DAY'
    END,
    t.id, t.event_id, t.status::text, t.ticket_type::text, t.first_name, t.last_name, t.date_of_birth::text,
    e.title, floor(extract(epoch FROM e.starts_at) * 1000)::float8, floor(extract(epoch FROM e.ends_at) * 1000)::float8,
    floor(extract(epoch FROM t.used_at) * 1000)::float8, u.username
  FROM jsonb_to_recordset(p_scans) AS x(i integer, ticket uuid, scanner bigint, sv integer, device text)
  LEFT JOIN users s ON s.id = x.scanner AND s.session_version = x.sv AND NOT s.deleted AND NOT s.disabled
  -- An account that may not scan learns nothing of the ticket, unless this very call admitted it.
  LEFT JOIN tickets t ON t.id = x.ticket AND (x.i = ANY (v_admitted) OR s.role::text = ANY (p_roles))
  LEFT JOIN events e ON e.id = t.event_id
  LEFT JOIN users u ON u.id = t.used_by;
END;
$$;
