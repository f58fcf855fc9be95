-- The help guide opens by itself once per user, not once per browser (issue 35, item 5).
ALTER TABLE "user" ADD COLUMN "help_guide_seen" boolean DEFAULT false NOT NULL;
