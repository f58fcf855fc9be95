-- Keep the heap that searches and pages scan narrow: long texts and search vectors go out of line.
ALTER TABLE "knowledge_entry" SET (toast_tuple_target = 128);
--> statement-breakpoint
ALTER TABLE "knowledge_entry" ALTER COLUMN "text" SET STORAGE EXTERNAL;
--> statement-breakpoint
ALTER TABLE "knowledge_entry" ALTER COLUMN "search_vector" SET STORAGE EXTERNAL;
--> statement-breakpoint
-- Titles and their vectors stay in the heap (MAIN): ranking reads them for every match.
ALTER TABLE "knowledge_entry" ALTER COLUMN "title" SET STORAGE MAIN;
--> statement-breakpoint
ALTER TABLE "knowledge_entry" ALTER COLUMN "title_vector" SET STORAGE MAIN;
