-- The sales ledger's triggers (migration 0013), planned for the rows at hand rather than once per
-- connection. PL/pgSQL keeps the plan of a statement without parameters for the connection's life,
-- and re-plans only when the tables' statistics change (ANALYZE). The statement triggers' joins of
-- the transition table with orders were planned at their first use: one new ticket, and on a new
-- database an orders table of a page, so a nested loop reading all of orders for every new ticket.
-- PGlite's one connection never runs ANALYZE, so it kept that plan for good: after one small order,
-- inserting 30,000 tickets read orders 90 million times (30 s for a test's fixture, 240 s under
-- load in CI). EXECUTE plans each statement when it runs, with the transition table's real size
-- (~0.1 ms a statement, once per insert or delete, not per row).
CREATE OR REPLACE FUNCTION ff_sales_tickets_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE 'SELECT 1 FROM orders WHERE id IN (SELECT DISTINCT order_id FROM new_tickets) FOR SHARE';
  EXECUTE $q$
    INSERT INTO sales_ledger (paid_at, event_id, affiliate_id, ticket_type, is_free, tickets, pence)
    SELECT o.paid_at, n.event_id, n.affiliate_id, n.ticket_type, n.is_free, count(*), sum(n.price_paid_pence)
    FROM new_tickets n JOIN orders o ON o.id = n.order_id
    WHERE o.status = 'PAID' AND o.paid_at IS NOT NULL AND n.status <> 'VOID'
    GROUP BY 1, 2, 3, 4, 5 $q$;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ff_sales_tickets_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE $q$
    INSERT INTO sales_ledger (paid_at, event_id, affiliate_id, ticket_type, is_free, tickets, pence)
    SELECT o.paid_at, d.event_id, d.affiliate_id, d.ticket_type, d.is_free, -count(*), -sum(d.price_paid_pence)
    FROM old_tickets d JOIN orders o ON o.id = d.order_id
    WHERE o.status = 'PAID' AND o.paid_at IS NOT NULL AND d.status <> 'VOID'
    GROUP BY 1, 2, 3, 4, 5 $q$;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The row triggers read one order's row or one order's tickets by key. Their statements have
-- parameters (OLD, NEW), so PL/pgSQL plans them for the values given five times and then settles on
-- a generic plan, which on a new database's one-page tables is a sequential scan, kept for good
-- without ANALYZE. A custom plan every time reads by index once the tables have grown.
ALTER FUNCTION ff_sales_ticket_updated() SET plan_cache_mode = force_custom_plan;
--> statement-breakpoint
ALTER FUNCTION ff_sales_order_updated() SET plan_cache_mode = force_custom_plan;
