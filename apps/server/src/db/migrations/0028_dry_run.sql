-- Issue 36, item 3: a mailbox can run in dry run until a date (actions recorded, not run), and the
-- owner's review of each message handled meanwhile.
ALTER TABLE "mail_account" ADD COLUMN "dry_run_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_message" ADD COLUMN "dry_run" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_message" ADD COLUMN "dry_run_verdict" text;