-- The help guide opens by itself once per user, not once per browser, and a closed Getting started
-- button stays closed everywhere (issue 35, item 5).
ALTER TABLE "user" ADD COLUMN "help_guide_seen" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "getting_started_closed" boolean DEFAULT false NOT NULL;
