CREATE TABLE "mail_account" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"provider" text NOT NULL,
	"username" text NOT NULL,
	"connection" jsonb NOT NULL,
	"secret" text NOT NULL,
	"response_type" integer NOT NULL,
	"tracked_mailbox" text DEFAULT 'INBOX' NOT NULL,
	"is_sync_enabled" boolean DEFAULT true NOT NULL,
	"is_classification_enabled" boolean DEFAULT true NOT NULL,
	"fetch_range_start" timestamp with time zone,
	"fetch_range_end" timestamp with time zone,
	"batch_status" text,
	"batch_categorize_status" text,
	"batch_categorize_request" jsonb,
	"mailboxes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_account_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "mail_category" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"mail_account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"exist_category_name" text,
	"classifier_type" text NOT NULL,
	"instruction" text DEFAULT '' NOT NULL,
	"action" integer DEFAULT 0 NOT NULL,
	"response_instructions" text DEFAULT '' NOT NULL,
	"forward_to" jsonb,
	"rules" jsonb,
	"classification_parent_mailbox" text,
	"draft_parent_mailbox" text,
	"created_by" text DEFAULT 'USER' NOT NULL,
	"mailbox_id" text NOT NULL,
	"mailbox_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_account" ADD CONSTRAINT "mail_account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_category" ADD CONSTRAINT "mail_category_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_category" ADD CONSTRAINT "mail_category_mail_account_id_mail_account_id_fk" FOREIGN KEY ("mail_account_id") REFERENCES "public"."mail_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_category_user_idx" ON "mail_category" USING btree ("user_id","created_at");