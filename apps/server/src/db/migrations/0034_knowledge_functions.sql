-- Issue 37: the knowledge module's stored functions recreated from their one readable copy, src/modules/knowledge/sql/knowledge-functions.sql (same bodies as 0006 and 0018).
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
CREATE OR REPLACE FUNCTION "knowledge_count_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
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
-- The capped search count of countEntries in one statement. A count needs no order, and only the bitmap
-- of the GIN and trigram indexes stops early without testing entries one by one: with LIMIT the planner
-- would prefer a seq scan or a walk of the recency index once a word is in about a third of the entries,
-- reading the TOASTed search vector of every row it passes (2.5× slower for 'enron'), hence the settings.
-- Plans stay custom: which index is cheaper depends on the user and the words. The version is read in
-- the same statement, so that the count and its version describe the same snapshot.
CREATE OR REPLACE FUNCTION "knowledge_search_count"(p_user text, p_tsquery text, p_pattern text, p_limit integer)
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
--> statement-breakpoint
-- Body-only hits of a search for searchPage (knowledge.repository.ts): the p_missing newest entries
-- whose search vector matches p_tsquery, leaving out p_titles, every title hit of the search (a hash
-- probe per match instead of matching its title again), in (created_at DESC, context DESC) order.
--
-- Sorting every match of a frequent word visits the heap row of each ('contract': 9,469 rows on 5,310
-- pages, ~25 ms for its last page). With p_windowed the newest entries are searched first: the whole
-- UTC days (knowledge_day) that hold 50 times p_missing entries, through a BitmapAnd of the GIN and
-- recency indexes (~600 heap rows for that page); then, while rows are missing, the days before them in
-- a window 20 times larger when the first one held at least a 20th of the rows, otherwise (a rare word)
-- all of them. The windows do not overlap and come newest first, so no heap row is read twice and the
-- rows are those of one sort. A window of more than a quarter of the entries is not worth its bitmap of
-- the recency index (the planner would rather filter the GIN matches on the date, and the next window
-- would visit them again): the rest is then searched at once. Each statement is planned knowing its
-- window's dates: in one SQL statement the planner would guess a third of the entries for a date taken
-- from a subquery and skip the BitmapAnd. Plans stay custom, as in knowledge_search_count. Each window
-- costs a plan and a GIN scan (~1 ms): the caller leaves p_windowed off when it knows the matches are
-- few (a cached count under the cap), their heap rows then cost less.
--
-- The ORDER BY is deliberately not the recency index's order (that one is NULLS LAST): in index order
-- the planner may walk the index hoping to meet matches soon, and a rare word then reads the TOASTed
-- search vector of every entry ('sushi': 4 s a request under load instead of a few ms).
CREATE OR REPLACE FUNCTION "knowledge_body_hits"(p_user text, p_tsquery text, p_titles uuid[], p_missing integer, p_windowed boolean)
	RETURNS TABLE ("context" uuid, "created_at" timestamptz) LANGUAGE plpgsql STABLE
	SET plan_cache_mode = force_custom_plan
AS $$
DECLARE
	v_query tsquery := to_tsquery('simple', p_tsquery);
	v_missing integer := p_missing;
	v_entries bigint;
	v_window bigint;
	v_since timestamptz;
	v_before timestamptz := 'infinity';
	v_found integer;
BEGIN
	IF p_windowed THEN
		SELECT c."entries" INTO v_entries FROM "knowledge_count" c WHERE c."user_id" = p_user;
		v_window := CASE WHEN 4 * 50 * p_missing < v_entries THEN 50 * p_missing END;
	END IF;
	WHILE v_missing > 0 LOOP
		v_since := NULL;
		IF v_window IS NOT NULL THEN
			-- The running total, newest day first, stops at the first day that completes the window.
			SELECT to_timestamp(d."day" * 86400::double precision) INTO v_since FROM (
				SELECT k."day", sum(k."entries") OVER (ORDER BY k."day" DESC) AS through
				FROM "knowledge_day" k WHERE k."user_id" = p_user) d
			WHERE d.through >= v_window ORDER BY d."day" DESC LIMIT 1;
		END IF;
		RETURN QUERY SELECT e."context", e."created_at" FROM "knowledge_entry" e
			WHERE e."user_id" = p_user AND e."search_vector" @@ v_query
				AND e."created_at" >= coalesce(v_since, '-infinity') AND e."created_at" < v_before
				AND e."context" NOT IN (SELECT unnest(p_titles))
			ORDER BY e."created_at" DESC, e."context" DESC LIMIT v_missing;
		GET DIAGNOSTICS v_found = ROW_COUNT;
		EXIT WHEN v_since IS NULL;
		-- The next window, 20 times larger, when it should hold the rows still missing (else all the rest).
		v_window := CASE WHEN 20 * v_found >= v_missing AND 4 * 20 * v_window < v_entries THEN 20 * v_window END;
		v_missing := v_missing - v_found;
		v_before := v_since;
	END LOOP;
END $$;
