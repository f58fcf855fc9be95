-- With toast_tuple_target = 128 a row whose title already fills the heap tuple also had its user_id
-- (EXTENDED by default) moved out of line, so every user_id filter outside an index read TOAST
-- (seq scans and bitmap heap scans ~20× slower). MAIN keeps it in the heap; existing rows are
-- rewritten so that their user_id comes back in line (`|| ''` makes a new value, not the old pointer).
ALTER TABLE "knowledge_entry" ALTER COLUMN "user_id" SET STORAGE MAIN;
--> statement-breakpoint
UPDATE "knowledge_entry" SET "user_id" = "user_id" || '';
