CREATE TABLE "door_devices" (
	"event_id" bigint NOT NULL,
	"device_id" text NOT NULL,
	"user_id" bigint NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "door_devices_event_id_device_id_user_id_pk" PRIMARY KEY("event_id","device_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "offline_scans" (
	"nonce" uuid PRIMARY KEY NOT NULL,
	"device_id" text NOT NULL,
	"scanner_id" bigint NOT NULL,
	"ticket_id" uuid,
	"event_id" bigint,
	"scanned_at" timestamp with time zone NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"result" text NOT NULL,
	"first_admitted_at" timestamp with time zone,
	"first_device" text,
	"first_scanner_id" bigint
);
--> statement-breakpoint
CREATE TABLE "scan_devices" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text,
	"named_by" bigint,
	"named_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "change_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
CREATE INDEX "offline_scans_event_idx" ON "offline_scans" USING btree ("event_id","result");--> statement-breakpoint
-- Door packs (modules/scan/door-pack.service.ts) send a phone the tickets changed since its last
-- copy: every write of a ticket stamps the writing transaction's id (insert: the column's default;
-- update: this trigger, so no writer can forget it). A pack's version is the oldest transaction
-- still running when it was read (pg_snapshot_xmin); rows stamped by that one or any later one
-- are sent again next time, so a change committed after the read is never missed.
CREATE FUNCTION tickets_touch_change_xid() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.change_xid := pg_current_xact_id();
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER tickets_change_xid BEFORE UPDATE ON tickets
  FOR EACH ROW EXECUTE FUNCTION tickets_touch_change_xid();
