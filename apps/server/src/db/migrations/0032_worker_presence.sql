-- Issue 36, item 5: a worker holds a session lock for as long as it lives, so that a dead one's leases are taken at once.
ALTER TABLE "pipeline_worker" ADD COLUMN "presence_locked" boolean DEFAULT false NOT NULL;
