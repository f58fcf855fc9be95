CREATE TABLE "ai_draft" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"mail_account_id" uuid NOT NULL,
	"category_id" uuid,
	"origin" text NOT NULL,
	"in_reply_to" text,
	"draft_message_id" text,
	"text" text NOT NULL,
	"review" jsonb NOT NULL,
	"outcome" text,
	"similarity" real,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ai_draft" ADD CONSTRAINT "ai_draft_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_draft" ADD CONSTRAINT "ai_draft_mail_account_id_mail_account_id_fk" FOREIGN KEY ("mail_account_id") REFERENCES "public"."mail_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_draft" ADD CONSTRAINT "ai_draft_category_id_mail_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."mail_category"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_draft_user_reply_idx" ON "ai_draft" USING btree ("user_id","in_reply_to");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_draft_user_draft_idx" ON "ai_draft" USING btree ("user_id","draft_message_id");--> statement-breakpoint
CREATE INDEX "ai_draft_account_idx" ON "ai_draft" USING btree ("mail_account_id","created_at");