import { getTableColumns, getTableName, isTable } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from './schema/index';
import { tenancy } from './schema/tenancy';

describe('tenant model', () => {
  const tables = Object.values(schema).filter((value) => isTable(value));

  it('says whose rows every table holds, through a real column', () => {
    expect(tables.length).toBeGreaterThan(0);
    for (const table of tables) {
      const name = getTableName(table);
      const entry = tenancy[name];
      expect(entry, `table ${name} is missing from tenancy.ts`).toBeDefined();
      if (entry.column) {
        const columns = Object.values(getTableColumns(table)).map((c: { name: string }) => c.name);
        expect(columns, `${name}.${entry.column}`).toContain(entry.column);
      }
    }
  });

  it('lists no table that does not exist', () => {
    const names = tables.map((t) => getTableName(t));
    expect(names.sort()).toEqual(Object.keys(tenancy).sort());
  });
});
