-- Listing pages far from the newest entry: OFFSET 50,000 walks 50,000 index entries (~6 ms). Entries
-- per user and UTC day (days since 1970-01-01 of created_at) say which day a position falls in, so that
-- the walk starts at that day's newest entry. Kept exact by the knowledge_count triggers below.
CREATE TABLE "knowledge_day" (
	"user_id" text NOT NULL REFERENCES "user"("id") ON DELETE cascade,
	"day" integer NOT NULL,
	"entries" integer NOT NULL,
	PRIMARY KEY ("user_id", "day")
);
--> statement-breakpoint
-- Search counts are cached by the server while the user's entries keep their version: every statement
-- that changes a user's entries gives them a new one. From a sequence, so that no version is ever
-- reused (not even after a truncate or a user deleted and signed up again).
CREATE SEQUENCE "knowledge_version_seq";
--> statement-breakpoint
ALTER TABLE "knowledge_count" ADD COLUMN "version" bigint DEFAULT nextval('knowledge_version_seq') NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "knowledge_count_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "knowledge_count" ("user_id", "entries")
	SELECT "user_id", count(*) FROM "added" GROUP BY "user_id"
	ON CONFLICT ("user_id") DO UPDATE
		SET "entries" = "knowledge_count"."entries" + excluded."entries", "version" = nextval('knowledge_version_seq');
	INSERT INTO "knowledge_day" ("user_id", "day", "entries")
	SELECT "user_id", floor(extract(epoch FROM "created_at") / 86400)::integer, count(*) FROM "added" GROUP BY 1, 2 ORDER BY 1, 2
	ON CONFLICT ("user_id", "day") DO UPDATE SET "entries" = "knowledge_day"."entries" + excluded."entries";
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "knowledge_count_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "knowledge_count" c SET "entries" = c."entries" - r.n, "version" = nextval('knowledge_version_seq')
	FROM (SELECT "user_id", count(*) AS n FROM "removed" GROUP BY "user_id") r
	WHERE c."user_id" = r."user_id";
	UPDATE "knowledge_day" d SET "entries" = d."entries" - r.n
	FROM (SELECT "user_id", floor(extract(epoch FROM "created_at") / 86400)::integer AS "day", count(*) AS n FROM "removed" GROUP BY 1, 2) r
	WHERE d."user_id" = r."user_id" AND d."day" = r."day";
	DELETE FROM "knowledge_day" WHERE "entries" = 0 AND "user_id" IN (SELECT "user_id" FROM "removed");
	RETURN NULL;
END $$;
--> statement-breakpoint
-- An edit changes what searches match; one that moves created_at also moves the entry between days.
CREATE FUNCTION "knowledge_count_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "knowledge_count" c SET "version" = nextval('knowledge_version_seq')
	WHERE c."user_id" IN (SELECT "user_id" FROM "added" UNION SELECT "user_id" FROM "removed");
	INSERT INTO "knowledge_day" ("user_id", "day", "entries")
	SELECT "user_id", "day", sum(n) FROM (
		SELECT "user_id", floor(extract(epoch FROM "created_at") / 86400)::integer AS "day", 1 AS n FROM "added"
		UNION ALL
		SELECT "user_id", floor(extract(epoch FROM "created_at") / 86400)::integer, -1 FROM "removed"
	) moves GROUP BY 1, 2 HAVING sum(n) <> 0 ORDER BY 1, 2
	ON CONFLICT ("user_id", "day") DO UPDATE SET "entries" = "knowledge_day"."entries" + excluded."entries";
	DELETE FROM "knowledge_day" WHERE "entries" = 0 AND "user_id" IN (SELECT "user_id" FROM "removed");
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "knowledge_count_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "knowledge_count";
	DELETE FROM "knowledge_day";
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "knowledge_count_updated" AFTER UPDATE ON "knowledge_entry"
	REFERENCING OLD TABLE AS "removed" NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "knowledge_count_updated"();
--> statement-breakpoint
INSERT INTO "knowledge_day" ("user_id", "day", "entries")
SELECT "user_id", floor(extract(epoch FROM "created_at") / 86400)::integer, count(*) FROM "knowledge_entry" GROUP BY 1, 2;
--> statement-breakpoint
-- The capped search count of countEntries in one statement. A count needs no order, and only the bitmap
-- of the GIN and trigram indexes stops early without testing entries one by one: with LIMIT the planner
-- would prefer a seq scan or a walk of the recency index once a word is in about a third of the entries,
-- reading the TOASTed search vector of every row it passes (2.5× slower for 'enron'), hence the settings.
-- Plans stay custom: which index is cheaper depends on the user and the words. The version is read in
-- the same statement, so that the count and its version describe the same snapshot.
CREATE FUNCTION "knowledge_search_count"(p_user text, p_tsquery text, p_pattern text, p_limit integer)
	RETURNS TABLE ("n" bigint, "version" bigint) LANGUAGE plpgsql STABLE
	SET enable_seqscan = off SET enable_indexscan = off SET plan_cache_mode = force_custom_plan
AS $$
BEGIN
	-- The pattern comes first so that rows the trigram index returns for a recheck are settled on the
	-- heap's title before their TOASTed vector is read.
	IF p_tsquery IS NULL THEN
		RETURN QUERY SELECT
			(SELECT count(*) FROM (SELECT 1 FROM "knowledge_entry" e
				WHERE e."user_id" = p_user AND e."title" ILIKE p_pattern LIMIT p_limit) m),
			(SELECT c."version" FROM "knowledge_count" c WHERE c."user_id" = p_user);
	ELSIF p_pattern IS NULL THEN
		RETURN QUERY SELECT
			(SELECT count(*) FROM (SELECT 1 FROM "knowledge_entry" e
				WHERE e."user_id" = p_user AND e."search_vector" @@ to_tsquery('simple', p_tsquery) LIMIT p_limit) m),
			(SELECT c."version" FROM "knowledge_count" c WHERE c."user_id" = p_user);
	ELSE
		RETURN QUERY SELECT
			(SELECT count(*) FROM (SELECT 1 FROM "knowledge_entry" e
				WHERE e."user_id" = p_user AND (e."title" ILIKE p_pattern OR e."search_vector" @@ to_tsquery('simple', p_tsquery)) LIMIT p_limit) m),
			(SELECT c."version" FROM "knowledge_count" c WHERE c."user_id" = p_user);
	END IF;
END $$;
