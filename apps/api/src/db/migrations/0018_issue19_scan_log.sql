DROP INDEX "ticket_scans_event_idx";--> statement-breakpoint
CREATE INDEX "ticket_scans_scanner_idx" ON "ticket_scans" USING btree ("scanner_id","event_id");--> statement-breakpoint
CREATE INDEX "ticket_scans_event_idx" ON "ticket_scans" USING btree ("event_id","created_at","id");