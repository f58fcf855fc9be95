-- Issue 36, item 1: the mailbox's accuracy on its past mail, replaced at each initialisation.
CREATE TABLE "mail_accuracy_report" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"mail_account_id" uuid NOT NULL,
	"report" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_accuracy_report_mail_account_id_unique" UNIQUE("mail_account_id")
);
--> statement-breakpoint
ALTER TABLE "mail_accuracy_report" ADD CONSTRAINT "mail_accuracy_report_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_accuracy_report" ADD CONSTRAINT "mail_accuracy_report_mail_account_id_mail_account_id_fk" FOREIGN KEY ("mail_account_id") REFERENCES "public"."mail_account"("id") ON DELETE cascade ON UPDATE no action;