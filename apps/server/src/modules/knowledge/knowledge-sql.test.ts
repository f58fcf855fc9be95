import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The knowledge module's stored functions are read in one place, sql/knowledge-functions.sql; the
 * database gets them from migrations. Each function's newest definition among the migrations must be
 * that file's text, so that the readable copy is what runs.
 */
const MIGRATIONS = path.resolve(import.meta.dirname, '../../db/migrations');
const statements = (sql: string) =>
  sql
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter((s) => /CREATE (OR REPLACE )?FUNCTION/.test(s));
const nameOf = (statement: string) => /FUNCTION "([a-z_]+)"/.exec(statement)![1]!;
const withoutLeadingComments = (statement: string) => statement.replace(/^(--[^\n]*\n)+/, '').trim();

describe('the knowledge module’s stored functions', () => {
  const readable = statements(readFileSync(path.join(import.meta.dirname, 'sql/knowledge-functions.sql'), 'utf8'));

  it('are all in the readable copy', () => {
    expect(readable.map(nameOf).sort()).toEqual([
      'knowledge_body_hits',
      'knowledge_count_added',
      'knowledge_count_removed',
      'knowledge_count_truncated',
      'knowledge_count_updated',
      'knowledge_search_count',
    ]);
  });

  it('run as written there: the newest migration defining each holds the same text', () => {
    const newest = new Map<string, string>();
    for (const file of readdirSync(MIGRATIONS)
      .filter((f) => f.endsWith('.sql'))
      .sort()) {
      for (const statement of statements(readFileSync(path.join(MIGRATIONS, file), 'utf8')))
        newest.set(nameOf(statement), statement);
    }
    for (const statement of readable)
      expect(withoutLeadingComments(newest.get(nameOf(statement))!)).toBe(withoutLeadingComments(statement));
  });
});
