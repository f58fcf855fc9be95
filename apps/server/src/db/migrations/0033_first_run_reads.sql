-- Issue 36, item 5: what a first run has read so far, so that one a dead worker left half done resumes where it stopped.
CREATE TABLE "mail_first_run_read" (
	"user_id" text NOT NULL,
	"mail_account_id" uuid NOT NULL,
	"folder" text NOT NULL,
	"message_ref" text NOT NULL,
	"message_id" text,
	"message" jsonb NOT NULL,
	"held_as_spam" boolean NOT NULL,
	CONSTRAINT "mail_first_run_read_mail_account_id_folder_message_ref_pk" PRIMARY KEY("mail_account_id","folder","message_ref")
);
--> statement-breakpoint
ALTER TABLE "mail_first_run_read" ADD CONSTRAINT "mail_first_run_read_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_first_run_read" ADD CONSTRAINT "mail_first_run_read_mail_account_id_mail_account_id_fk" FOREIGN KEY ("mail_account_id") REFERENCES "public"."mail_account"("id") ON DELETE cascade ON UPDATE no action;
