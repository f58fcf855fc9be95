import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { keysIn, resource, sourceFiles } from '@/test/locale-keys';

/**
 * Every key the profile screen, the digest's page, the shared schemas and the digest's and AI
 * provider's server errors can show has an English and a French text.
 */
const KEY = /['`]((?:profile|aiProvider)\.[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*)['`]/g;
const here = dirname(fileURLToPath(import.meta.url));
const shared = join(here, '../../../../../packages/shared/src');
const server = join(here, '../../../../server/src/modules');
const aiProviderServer = join(server, 'ai-provider');

describe('profile texts', () => {
  const keys = [
    ...new Set([
      ...keysIn(join(shared, 'profile.ts'), KEY),
      ...keysIn(join(shared, 'ai-provider.ts'), KEY),
      ...keysIn(join(server, 'digest/digest.service.ts'), KEY),
      ...(existsSync(aiProviderServer) ? sourceFiles(aiProviderServer).flatMap((f) => keysIn(f, KEY)) : []),
      ...sourceFiles(here).flatMap((f) => keysIn(f, KEY)),
    ]),
  ];

  it('finds the keys it checks', () => {
    expect(keys).toContain('profile.timeZone.invalid');
    expect(keys).toContain('profile.digestOff.invalid');
    expect(keys).toContain('profile.digest.explanation');
    expect(keys).toContain('profile.aiEngine.providers.openaiCompatible');
    expect(keys).toContain('aiProvider.validation.urlRequired');
  });

  it.each(['en', 'fr'])('every key has a %s text', (lng) => {
    expect(keys.filter((key) => typeof resource(lng, key) !== 'string')).toEqual([]);
  });

  it.each([
    ['aiProvider.errors.unreachable', 'The provider could not be reached: check the address and the model.'],
    ['aiProvider.errors.refused', 'The provider refused the key or the model.'],
    ['aiProvider.errors.hostRefused', 'This address is not allowed: it points to a private network.'],
  ])('has the AI provider server error %s in English and French', (key, english) => {
    expect(resource('en', key)).toBe(english);
    expect(resource('fr', key)).toEqual(expect.any(String));
    expect(resource('fr', key)).not.toBe(english);
  });
});
