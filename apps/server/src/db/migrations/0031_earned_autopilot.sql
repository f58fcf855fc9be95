-- Issue 36, item 2: a category's instant replies and forwards can wait for a measured precision.
ALTER TABLE "mail_category" ADD COLUMN "autopilot_min_precision" integer;