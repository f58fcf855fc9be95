import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { keysIn, resource, sourceFiles } from '@/test/locale-keys';

/** Every key of the coming-soon page, for both add-ins, has a French (the spec's) and an English text. */
const KEY = /['`](plugins\.[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*)['`]/g;
const here = dirname(fileURLToPath(import.meta.url));
const perAddin = ['title', 'body', 'connect', 'download', 'points.drafts', 'points.knowledge', 'points.control'];

describe('plugins texts', () => {
  const keys = [
    ...new Set([
      ...sourceFiles(here).flatMap((f) => keysIn(f, KEY)),
      ...['gmail', 'outlook'].flatMap((addin) => perAddin.map((k) => `plugins.${addin}.${k}`)),
    ]),
  ];

  it.each(['fr', 'en'])('every key has a %s text', (lng) => {
    expect(keys).toContain('plugins.comingSoon');
    expect(keys.filter((key) => typeof resource(lng, key) !== 'string')).toEqual([]);
  });
});
