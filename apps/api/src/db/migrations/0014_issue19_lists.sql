CREATE INDEX "song_submissions_created_idx" ON "song_submissions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "song_submissions_last_name_idx" ON "song_submissions" USING btree (lower("last_name"),"id");--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_subscribers_idx" ON "users" USING btree ("id") WHERE deleted = false AND subscription_status <> 'NONE';--> statement-breakpoint
-- An event's attendees by name, nulls last, as never-null keys: the list's cursor is then one row
-- comparison that seeks into this index (orders.queries.ts, ATTENDEE_LIST). Raw SQL: the tickets
-- schema belongs to another change of issue 19.
CREATE INDEX "tickets_event_attendee_seek_idx" ON "tickets" USING btree ("event_id", ("last_name" IS NULL), (coalesce(ff_fold("last_name"), '')), ("first_name" IS NULL), (coalesce(ff_fold("first_name"), '')), "id");
