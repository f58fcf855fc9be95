-- The daily digest to the owner (issue 36, item 4): the owner's language and time zone (null until a
-- browser reports them), the digest switch (on by default), and the local date of the last digest
-- claimed, so that each day's digest is sent at most once whatever the number of workers.
ALTER TABLE "user_profile" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "user_profile" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "user_profile" ADD COLUMN "daily_digest" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "user_profile" ADD COLUMN "last_digest_date" date;
