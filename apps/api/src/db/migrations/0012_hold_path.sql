DROP INDEX "reservations_user_idx";--> statement-breakpoint
CREATE INDEX "reservations_user_idx" ON "reservations" USING btree ("user_id","event_id");--> statement-breakpoint
ALTER TABLE "users" SET (fillfactor = 85);--> statement-breakpoint
ALTER TABLE "events" SET (fillfactor = 50);--> statement-breakpoint
ALTER TABLE "ticket_releases" SET (fillfactor = 50);
