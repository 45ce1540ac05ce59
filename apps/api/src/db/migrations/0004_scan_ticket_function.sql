-- Door scanning in one round trip (modules/scan/scan.service.ts holds the rules' constants and
-- the messages). In one transaction:
--   1. the admission: ONE conditional UPDATE (ticket still VALID, event not cancelled, admission
--      window open, and the scanner's account live, same session version, one of p_roles), so two
--      doors scanning the same code at once cannot both admit it: PostgreSQL lets one UPDATE win
--      and re-checks status = 'VALID' for the other, which then matches nothing. An admission
--      writes its scan-log row in the same statement (OK);
--   2. otherwise why not, read afresh (a VOLATILE function's statement sees what a concurrent
--      door committed while this UPDATE waited): the scanner's session ended (SESSION_ENDED) or
--      lacks the role (FORBIDDEN), else ALREADY_USED, VOID, WRONG_DAY, or INVALID for a genuine
--      signature over a ticket that no longer exists. A refusal changes nothing.
-- now() is the transaction's time, so the UPDATE and the explanation judge the same instant.
CREATE FUNCTION scan_ticket(
  p_ticket uuid,
  p_scanner bigint,
  p_session_version integer,
  p_roles text[],
  p_device text,
  p_opens_hours integer,
  OUT outcome text,
  OUT ticket_id uuid,
  OUT event_id bigint,
  OUT ticket_status text,
  OUT ticket_type text,
  OUT first_name text,
  OUT last_name text,
  OUT date_of_birth text,
  OUT title text,
  OUT starts_ms float8,
  OUT ends_ms float8,
  OUT used_ms float8,
  OUT admitted_by text
) LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
DECLARE
  v_role text;
BEGIN
  WITH admitted AS (
    UPDATE tickets t
    SET status = 'USED', used_at = now(), used_by = p_scanner, used_device = p_device
    FROM events e, users s
    WHERE t.id = p_ticket AND t.status = 'VALID' AND e.id = t.event_id AND NOT e.cancelled
      AND e.starts_at IS NOT NULL
      AND now() >= e.starts_at - make_interval(hours => p_opens_hours)
      AND now() < coalesce(e.ends_at, e.starts_at + make_interval(hours => p_opens_hours))
      AND s.id = p_scanner AND s.session_version = p_session_version AND NOT s.deleted AND NOT s.disabled
      AND s.role::text = ANY (p_roles)
    RETURNING t.id, t.event_id, t.ticket_type, t.first_name, t.last_name, t.date_of_birth, e.title,
      e.starts_at, e.ends_at, t.used_at
  ), logged AS (
    INSERT INTO ticket_scans (ticket_id, event_id, scanner_id, result, device)
    SELECT a.id, a.event_id, p_scanner, 'OK', p_device FROM admitted a
  )
  SELECT 'OK', a.id, a.event_id, 'USED', a.ticket_type::text, a.first_name, a.last_name, a.date_of_birth::text,
    a.title, floor(extract(epoch FROM a.starts_at) * 1000)::float8, floor(extract(epoch FROM a.ends_at) * 1000)::float8,
    floor(extract(epoch FROM a.used_at) * 1000)::float8, NULL
  INTO outcome, ticket_id, event_id, ticket_status, ticket_type, first_name, last_name, date_of_birth, title,
    starts_ms, ends_ms, used_ms, admitted_by
  FROM admitted a;
  IF FOUND THEN
    RETURN;
  END IF;

  -- Not admitted: the scanner's account first, then the ticket, in one read.
  SELECT (
      SELECT s.role::text FROM users s
      WHERE s.id = p_scanner AND s.session_version = p_session_version AND NOT s.deleted AND NOT s.disabled
    ),
    CASE
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
  INTO v_role, outcome, ticket_id, event_id, ticket_status, ticket_type, first_name, last_name, date_of_birth, title,
    starts_ms, ends_ms, used_ms, admitted_by
  FROM (SELECT 1) AS one
  LEFT JOIN tickets t ON t.id = p_ticket
  LEFT JOIN events e ON e.id = t.event_id
  LEFT JOIN users u ON u.id = t.used_by;
  IF v_role IS NULL THEN
    outcome := 'SESSION_ENDED';
  ELSIF NOT (v_role = ANY (p_roles)) THEN
    outcome := 'FORBIDDEN';
  END IF;
  IF outcome IN ('SESSION_ENDED', 'FORBIDDEN') THEN
    ticket_id := NULL; event_id := NULL; ticket_status := NULL; ticket_type := NULL; first_name := NULL;
    last_name := NULL; date_of_birth := NULL; title := NULL; starts_ms := NULL; ends_ms := NULL;
    used_ms := NULL; admitted_by := NULL;
  END IF;
  -- RETRY: admissible now, yet the UPDATE matched nothing (the ticket or event changed under it);
  -- the caller scans once more.
END;
$$;
