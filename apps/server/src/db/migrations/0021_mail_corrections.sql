CREATE TABLE "mail_correction" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"mail_account_id" uuid NOT NULL,
	"message_id" text NOT NULL,
	"category_id" uuid,
	"from_category_id" uuid,
	"subject" text DEFAULT '' NOT NULL,
	"from_name" text DEFAULT '' NOT NULL,
	"from_address" text,
	"text" text DEFAULT '' NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_correction" ADD CONSTRAINT "mail_correction_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_correction" ADD CONSTRAINT "mail_correction_mail_account_id_mail_account_id_fk" FOREIGN KEY ("mail_account_id") REFERENCES "public"."mail_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_correction" ADD CONSTRAINT "mail_correction_category_id_mail_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."mail_category"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_correction" ADD CONSTRAINT "mail_correction_from_category_id_mail_category_id_fk" FOREIGN KEY ("from_category_id") REFERENCES "public"."mail_category"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_correction_account_message_idx" ON "mail_correction" USING btree ("mail_account_id","message_id");