CREATE TABLE "local_checkout_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"mode" text DEFAULT 'payment' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"payment_status" text DEFAULT 'unpaid' NOT NULL,
	"client_reference_id" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"line_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"amount_total_pence" integer NOT NULL,
	"currency" text DEFAULT 'gbp' NOT NULL,
	"payment_id" text,
	"refunded_pence" integer DEFAULT 0 NOT NULL,
	"success_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "local_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"payment_id" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "checkout_url" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_reason" text;--> statement-breakpoint
CREATE UNIQUE INDEX "local_checkout_sessions_idempotency_key" ON "local_checkout_sessions" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "local_refunds_idempotency_key" ON "local_refunds" USING btree ("idempotency_key");