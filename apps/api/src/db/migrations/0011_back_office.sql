-- Issue 21: the back office's search folds case and accents (ff_fold) and matches parts of names,
-- emails and usernames through trigram indexes. unaccent is STABLE (its dictionary could change), so
-- ff_fold names the dictionary explicitly and is declared IMMUTABLE, the usual way to index it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE OR REPLACE FUNCTION ff_fold(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;--> statement-breakpoint
CREATE TABLE "event_message_recipients" (
	"message_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"email" text NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "event_message_recipients_message_id_user_id_pk" PRIMARY KEY("message_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "event_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" bigint NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"ticket_types" jsonb NOT NULL,
	"include_refunded" boolean DEFAULT false NOT NULL,
	"recipient_count" integer NOT NULL,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "order_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"request_key" text NOT NULL,
	"ticket_ids" jsonb NOT NULL,
	"amount_pence" integer NOT NULL,
	"reason" text NOT NULL,
	"force" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"provider_refund_id" text,
	"error" text,
	"requested_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "attendee_changes_allowed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "emailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_message_recipients" ADD CONSTRAINT "event_message_recipients_message_id_event_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."event_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_messages" ADD CONSTRAINT "event_messages_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_message_recipients_user_idx" ON "event_message_recipients" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "event_messages_event_idx" ON "event_messages" USING btree ("event_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_request_key" ON "order_refunds" USING btree ("request_key");--> statement-breakpoint
CREATE INDEX "order_refunds_order_idx" ON "order_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_refunds_pending_idx" ON "order_refunds" USING btree ("status","created_at") WHERE status = 'PENDING';--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_event_created_idx" ON "orders" USING btree ("event_id","created_at","id");--> statement-breakpoint
CREATE INDEX "tickets_order_idx" ON "tickets" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "tickets_attendee_trgm_idx" ON "tickets" USING gin (ff_fold("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tickets_event_attendee_idx" ON "tickets" USING btree ("event_id",ff_fold("last_name"),ff_fold("first_name"),"id");--> statement-breakpoint
CREATE INDEX "users_identity_trgm_idx" ON "users" USING gin (ff_fold(coalesce("email", '') || ' ' || coalesce("username", '')) gin_trgm_ops);