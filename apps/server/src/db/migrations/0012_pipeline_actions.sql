CREATE TABLE "mail_action" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"mail_account_id" uuid NOT NULL,
	"mail_message_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"target" jsonb NOT NULL,
	"outgoing_message_id" text,
	"body" text,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mail_classifier" (
	"mail_account_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"engine" text NOT NULL,
	"categories_key" text NOT NULL,
	"model" jsonb NOT NULL,
	"trained_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_message" ADD COLUMN "category_id" uuid;--> statement-breakpoint
ALTER TABLE "mail_message" ADD COLUMN "classified_by" text;--> statement-breakpoint
ALTER TABLE "mail_message" ADD COLUMN "confidence" real;--> statement-breakpoint
ALTER TABLE "mail_message" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "mail_message" ADD COLUMN "skip_reason" text;--> statement-breakpoint
ALTER TABLE "mail_message" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_message" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "mail_message" ADD COLUMN "processed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_action" ADD CONSTRAINT "mail_action_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_action" ADD CONSTRAINT "mail_action_mail_account_id_mail_account_id_fk" FOREIGN KEY ("mail_account_id") REFERENCES "public"."mail_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_action" ADD CONSTRAINT "mail_action_mail_message_id_mail_message_id_fk" FOREIGN KEY ("mail_message_id") REFERENCES "public"."mail_message"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_classifier" ADD CONSTRAINT "mail_classifier_mail_account_id_mail_account_id_fk" FOREIGN KEY ("mail_account_id") REFERENCES "public"."mail_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_classifier" ADD CONSTRAINT "mail_classifier_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_action_message_kind_idx" ON "mail_action" USING btree ("mail_message_id","kind");--> statement-breakpoint
CREATE INDEX "mail_action_account_sent_idx" ON "mail_action" USING btree ("mail_account_id","kind","done_at");--> statement-breakpoint
ALTER TABLE "mail_message" ADD CONSTRAINT "mail_message_category_id_mail_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."mail_category"("id") ON DELETE set null ON UPDATE no action;