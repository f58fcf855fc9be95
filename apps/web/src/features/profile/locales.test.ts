import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { keysIn, resource, sourceFiles } from '@/test/locale-keys';

/** Every key the profile screen, the digest's page, the shared schema and the digest's server errors can show has an English and a French text. */
const KEY = /['`](profile\.[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*)['`]/g;
const here = dirname(fileURLToPath(import.meta.url));
const shared = join(here, '../../../../../packages/shared/src/profile.ts');
const server = join(here, '../../../../server/src/modules/digest/digest.service.ts');

describe('profile texts', () => {
  const keys = [
    ...new Set([...keysIn(shared, KEY), ...keysIn(server, KEY), ...sourceFiles(here).flatMap((f) => keysIn(f, KEY))]),
  ];

  it('finds the keys it checks', () => {
    expect(keys).toContain('profile.timeZone.invalid');
    expect(keys).toContain('profile.digestOff.invalid');
    expect(keys).toContain('profile.digest.explanation');
  });

  it.each(['en', 'fr'])('every key has a %s text', (lng) => {
    expect(keys.filter((key) => typeof resource(lng, key) !== 'string')).toEqual([]);
  });
});
