CREATE TABLE "mail_message" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"mail_account_id" uuid NOT NULL,
	"provider_id" text NOT NULL,
	"folder" text NOT NULL,
	"message_id" text,
	"subject" text DEFAULT '' NOT NULL,
	"from_name" text DEFAULT '' NOT NULL,
	"from_address" text,
	"sent_at" timestamp with time zone,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_account" ADD COLUMN "sync_checkpoint" jsonb;--> statement-breakpoint
ALTER TABLE "mail_account" ADD COLUMN "lease_owner" text;--> statement-breakpoint
ALTER TABLE "mail_account" ADD COLUMN "lease_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_account" ADD COLUMN "last_synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_account" ADD COLUMN "sync_error" text;--> statement-breakpoint
ALTER TABLE "mail_message" ADD CONSTRAINT "mail_message_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_message" ADD CONSTRAINT "mail_message_mail_account_id_mail_account_id_fk" FOREIGN KEY ("mail_account_id") REFERENCES "public"."mail_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_message_account_provider_idx" ON "mail_message" USING btree ("mail_account_id","provider_id");--> statement-breakpoint
CREATE INDEX "mail_message_status_idx" ON "mail_message" USING btree ("mail_account_id","status","created_at");