CREATE TABLE "affiliate_sales_by_month" (
	"affiliate_id" bigint NOT NULL,
	"month" text NOT NULL,
	"standard" integer DEFAULT 0 NOT NULL,
	"vip" integer DEFAULT 0 NOT NULL,
	"paid_pence" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "affiliate_sales_by_month_affiliate_id_month_pk" PRIMARY KEY("affiliate_id","month")
);
--> statement-breakpoint
CREATE TABLE "event_sales_by_month" (
	"month" text NOT NULL,
	"event_id" bigint NOT NULL,
	"revenue_pence" bigint DEFAULT 0 NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"free" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "event_sales_by_month_month_event_id_pk" PRIMARY KEY("month","event_id")
);
--> statement-breakpoint
CREATE TABLE "sales_ledger" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sales_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"paid_at" timestamp with time zone NOT NULL,
	"event_id" bigint NOT NULL,
	"affiliate_id" bigint,
	"ticket_type" "ticket_type" NOT NULL,
	"is_free" boolean NOT NULL,
	"tickets" integer NOT NULL,
	"pence" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_rollup_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"timezone" text NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "affiliate_sales_by_month_month_idx" ON "affiliate_sales_by_month" USING btree ("month");--> statement-breakpoint
CREATE INDEX "event_sales_by_month_event_idx" ON "event_sales_by_month" USING btree ("event_id");--> statement-breakpoint
-- Issue 19: the sales ledger's triggers (schema/sales-stats.ts). A ticket is sold while its order is
-- PAID with paid_at set and the ticket is not VOID; every change to that set appends (+/-) rows.
-- A trigger that reads an order first takes FOR SHARE on it and reads it in its next statement, so
-- a ticket change and a concurrent change of its order (which takes FOR NO KEY UPDATE) are ordered
-- and neither misses nor double-counts the other (the refund paths lock the order first anyway).
CREATE FUNCTION ff_sales_tickets_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM orders WHERE id IN (SELECT DISTINCT order_id FROM new_tickets) FOR SHARE;
  INSERT INTO sales_ledger (paid_at, event_id, affiliate_id, ticket_type, is_free, tickets, pence)
  SELECT o.paid_at, n.event_id, n.affiliate_id, n.ticket_type, n.is_free, count(*), sum(n.price_paid_pence)
  FROM new_tickets n JOIN orders o ON o.id = n.order_id
  WHERE o.status = 'PAID' AND o.paid_at IS NOT NULL AND n.status <> 'VOID'
  GROUP BY 1, 2, 3, 4, 5;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tickets_sales_inserted AFTER INSERT ON tickets REFERENCING NEW TABLE AS new_tickets
  FOR EACH STATEMENT EXECUTE FUNCTION ff_sales_tickets_inserted();
--> statement-breakpoint
CREATE FUNCTION ff_sales_tickets_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sales_ledger (paid_at, event_id, affiliate_id, ticket_type, is_free, tickets, pence)
  SELECT o.paid_at, d.event_id, d.affiliate_id, d.ticket_type, d.is_free, -count(*), -sum(d.price_paid_pence)
  FROM old_tickets d JOIN orders o ON o.id = d.order_id
  WHERE o.status = 'PAID' AND o.paid_at IS NOT NULL AND d.status <> 'VOID'
  GROUP BY 1, 2, 3, 4, 5;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tickets_sales_deleted AFTER DELETE ON tickets REFERENCING OLD TABLE AS old_tickets
  FOR EACH STATEMENT EXECUTE FUNCTION ff_sales_tickets_deleted();
--> statement-breakpoint
CREATE FUNCTION ff_sales_ticket_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM orders WHERE id IN (OLD.order_id, NEW.order_id) FOR SHARE;
  INSERT INTO sales_ledger (paid_at, event_id, affiliate_id, ticket_type, is_free, tickets, pence)
  SELECT o.paid_at, OLD.event_id, OLD.affiliate_id, OLD.ticket_type, OLD.is_free, -1, -OLD.price_paid_pence
  FROM orders o WHERE o.id = OLD.order_id AND o.status = 'PAID' AND o.paid_at IS NOT NULL AND OLD.status <> 'VOID'
  UNION ALL
  SELECT o.paid_at, NEW.event_id, NEW.affiliate_id, NEW.ticket_type, NEW.is_free, 1, NEW.price_paid_pence
  FROM orders o WHERE o.id = NEW.order_id AND o.status = 'PAID' AND o.paid_at IS NOT NULL AND NEW.status <> 'VOID';
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only the changes that can move a ticket in or out of the figures: an admission (VALID -> USED) does not fire it.
CREATE TRIGGER tickets_sales_updated AFTER UPDATE ON tickets FOR EACH ROW
  WHEN ((OLD.status = 'VOID') IS DISTINCT FROM (NEW.status = 'VOID')
    OR OLD.order_id IS DISTINCT FROM NEW.order_id OR OLD.event_id IS DISTINCT FROM NEW.event_id
    OR OLD.affiliate_id IS DISTINCT FROM NEW.affiliate_id OR OLD.ticket_type IS DISTINCT FROM NEW.ticket_type
    OR OLD.is_free IS DISTINCT FROM NEW.is_free OR OLD.price_paid_pence IS DISTINCT FROM NEW.price_paid_pence)
  EXECUTE FUNCTION ff_sales_ticket_updated();
--> statement-breakpoint
CREATE FUNCTION ff_sales_order_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sales_ledger (paid_at, event_id, affiliate_id, ticket_type, is_free, tickets, pence)
  SELECT OLD.paid_at, t.event_id, t.affiliate_id, t.ticket_type, t.is_free, -count(*), -sum(t.price_paid_pence)
  FROM tickets t WHERE t.order_id = OLD.id AND OLD.status = 'PAID' AND OLD.paid_at IS NOT NULL AND t.status <> 'VOID'
  GROUP BY 1, 2, 3, 4, 5
  UNION ALL
  SELECT NEW.paid_at, t.event_id, t.affiliate_id, t.ticket_type, t.is_free, count(*), sum(t.price_paid_pence)
  FROM tickets t WHERE t.order_id = NEW.id AND NEW.status = 'PAID' AND NEW.paid_at IS NOT NULL AND t.status <> 'VOID'
  GROUP BY 1, 2, 3, 4, 5;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_sales_updated AFTER UPDATE ON orders FOR EACH ROW
  WHEN ((OLD.status = 'PAID' AND OLD.paid_at IS NOT NULL) IS DISTINCT FROM (NEW.status = 'PAID' AND NEW.paid_at IS NOT NULL)
    OR (NEW.status = 'PAID' AND OLD.paid_at IS DISTINCT FROM NEW.paid_at))
  EXECUTE FUNCTION ff_sales_order_updated();
--> statement-breakpoint
-- Emptying tickets (or orders, which cascades to tickets) empties the figures with them.
CREATE FUNCTION ff_sales_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM sales_ledger;
  DELETE FROM event_sales_by_month;
  DELETE FROM affiliate_sales_by_month;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tickets_sales_truncated AFTER TRUNCATE ON tickets FOR EACH STATEMENT EXECUTE FUNCTION ff_sales_truncated();
