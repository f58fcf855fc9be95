import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TUTORIAL_IDS } from '@app/shared/tutorials';
import { describe, expect, it } from 'vitest';
import { keysIn, resource, sourceFiles } from '@/test/locale-keys';

/** Every key of the tutorials page, each entry's title included, has an English and a French text. */
const KEY = /['`](tutorials\.[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*)['`]/g;
const here = dirname(fileURLToPath(import.meta.url));

describe('tutorials texts', () => {
  const keys = [
    ...new Set([...sourceFiles(here).flatMap((f) => keysIn(f, KEY)), ...TUTORIAL_IDS.map((id) => `tutorials.entries.${id}`)]),
  ];

  it.each(['en', 'fr'])('every key has a %s text', (lng) => {
    expect(keys).toContain('tutorials.empty');
    expect(keys.filter((key) => typeof resource(lng, key) !== 'string')).toEqual([]);
  });
});
