-- The back office's searches read each name folded (ff_fold: case and accents) from a stored column
-- that PostgreSQL keeps on every write of the names, instead of folding every row they check: an
-- event's 10,000 attendees, or a thousand recent orders' buyers and tickets (issue 19). The trigram
-- indexes move onto the columns. Adding a stored column rewrites the table under an exclusive lock
-- (tickets: 36 s at two million rows on two cores), so this migration is deployed outside a night
-- (docs/operations.md). The old indexes go first, so the rewrite does not rebuild them.
DROP INDEX "tickets_attendee_trgm_idx";--> statement-breakpoint
DROP INDEX "users_identity_trgm_idx";--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "attendee_folded" text GENERATED ALWAYS AS (ff_fold(first_name || ' ' || last_name)) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "identity_folded" text GENERATED ALWAYS AS (ff_fold(coalesce(email, '') || ' ' || coalesce(username, ''))) STORED;--> statement-breakpoint
CREATE INDEX "tickets_attendee_trgm_idx" ON "tickets" USING gin ("attendee_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_identity_trgm_idx" ON "users" USING gin ("identity_folded" gin_trgm_ops);--> statement-breakpoint
-- Statistics for the new columns at once, so the planner does not guess their selectivity.
ANALYZE "tickets";--> statement-breakpoint
ANALYZE "users";
