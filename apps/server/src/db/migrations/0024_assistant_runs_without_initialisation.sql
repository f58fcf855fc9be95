-- The assistant now works on new mail whenever it classifies or answers; the automatic initialisation
-- toggle (is_sync_enabled) only decides whether past mail is read. A mailbox that had it off starts
-- from now: its checkpoint is forgotten (the next round takes the folder's current end as its start)
-- and mail recorded while it was off is left alone, never classified or answered late.
UPDATE "mail_account" SET "sync_checkpoint" = NULL WHERE "is_sync_enabled" = false;
--> statement-breakpoint
UPDATE "mail_message" SET "status" = 'done', "skip_reason" = 'ARRIVED_WHILE_OFF'
 WHERE "status" IN ('new', 'classified')
   AND "mail_account_id" IN (SELECT "id" FROM "mail_account" WHERE "is_sync_enabled" = false);
