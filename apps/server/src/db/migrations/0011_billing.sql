CREATE TABLE "invoice" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"number" text,
	"status" text,
	"currency" text NOT NULL,
	"total" bigint NOT NULL,
	"amount_paid" bigint NOT NULL,
	"hosted_invoice_url" text,
	"invoice_pdf" text,
	"created" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stripe_event" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscription" ADD COLUMN "stripe_customer_id" text;--> statement-breakpoint
ALTER TABLE "subscription" ADD COLUMN "stripe_subscription_id" text;--> statement-breakpoint
ALTER TABLE "subscription" ADD COLUMN "stripe_status" text;--> statement-breakpoint
ALTER TABLE "subscription" ADD COLUMN "current_period_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscription" ADD COLUMN "current_period_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscription" ADD COLUMN "cancel_at_period_end" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_owner_created_idx" ON "invoice" USING btree ("owner_id","created");--> statement-breakpoint
ALTER TABLE "subscription" ADD CONSTRAINT "subscription_stripe_customer_id_unique" UNIQUE("stripe_customer_id");