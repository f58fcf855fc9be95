import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { keysIn, resource, sourceFiles } from '@/test/locale-keys';
import { SECTION_KEYS } from './utils/prompt-form';

/** Every key the prompt editor and the shared prompt schema can show has an English and a French text. */
const KEY = /['`](prompts\.[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*)['`]/g;
const here = dirname(fileURLToPath(import.meta.url));
const shared = join(here, '../../../../../packages/shared/src/prompts.ts');

const dynamicKeys = [
  ...SECTION_KEYS.flatMap((k) => [`prompts.sections.${k}.title`, `prompts.sections.${k}.placeholder`]),
  'prompts.mode.default',
  'prompts.mode.advanced',
];

describe('prompt texts', () => {
  const keys = [...new Set([...keysIn(shared, KEY), ...sourceFiles(here).flatMap((f) => keysIn(f, KEY)), ...dynamicKeys])];

  it('finds the keys it checks', () => {
    expect(keys).toContain('prompts.validation.sectionTooLong');
    expect(keys).toContain('prompts.saved');
  });

  it.each(['en', 'fr'])('every key has a %s text', (lng) => {
    expect(keys.filter((key) => typeof resource(lng, key) !== 'string')).toEqual([]);
  });

  it('reads the saved message as the spec says in French', () => {
    expect(resource('fr', 'prompts.saved')).toBe('Le prompt a été enregistré avec succès.');
  });
});
