-- Issue 34: senders the owner said are not spam (never taken for spam again in that mailbox), and the
-- authserv-id of the receiving server, set by the owner or learned, trusted for a foreign Reply-To.
CREATE TABLE "mail_not_spam_sender" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"mail_account_id" uuid NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_account" ADD COLUMN "authserv_id" text;--> statement-breakpoint
ALTER TABLE "mail_account" ADD COLUMN "authserv_id_set_by_owner" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_not_spam_sender" ADD CONSTRAINT "mail_not_spam_sender_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_not_spam_sender" ADD CONSTRAINT "mail_not_spam_sender_mail_account_id_mail_account_id_fk" FOREIGN KEY ("mail_account_id") REFERENCES "public"."mail_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_not_spam_sender_account_address_idx" ON "mail_not_spam_sender" USING btree ("mail_account_id","address");