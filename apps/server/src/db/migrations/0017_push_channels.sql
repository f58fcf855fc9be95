CREATE TABLE "mail_push_channel" (
	"mail_account_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"provider" text NOT NULL,
	"external_id" text NOT NULL,
	"folder" text NOT NULL,
	"secret_hash" text,
	"expires_at" timestamp with time zone NOT NULL,
	"renewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_push_channel" ADD CONSTRAINT "mail_push_channel_mail_account_id_mail_account_id_fk" FOREIGN KEY ("mail_account_id") REFERENCES "public"."mail_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_push_channel" ADD CONSTRAINT "mail_push_channel_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_push_channel_external_idx" ON "mail_push_channel" USING btree ("provider","external_id");