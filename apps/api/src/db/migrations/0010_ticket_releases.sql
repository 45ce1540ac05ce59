CREATE TABLE "ticket_releases" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ticket_releases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_id" bigint NOT NULL,
	"ticket_type" "ticket_type" NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"price_pence" integer NOT NULL,
	"quantity" integer NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"held" integer DEFAULT 0 NOT NULL,
	"sales_start" timestamp with time zone,
	"sales_end" timestamp with time zone,
	"unlock_code" text,
	"members_only_tier" "subscription_tier",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_releases_stock" CHECK ("ticket_releases"."sold" >= 0 AND "ticket_releases"."held" >= 0 AND "ticket_releases"."quantity" >= 0 AND "ticket_releases"."sold" + "ticket_releases"."held" <= "ticket_releases"."quantity"),
	CONSTRAINT "ticket_releases_price" CHECK ("ticket_releases"."price_pence" >= 0)
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "has_releases" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "release_id" bigint;--> statement-breakpoint
ALTER TABLE "ticket_releases" ADD CONSTRAINT "ticket_releases_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_releases_event_idx" ON "ticket_releases" USING btree ("event_id","ticket_type","position");