import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROMPT_TYPES } from '@app/shared/assistant';
import { describe, expect, it } from 'vitest';
import { keysIn, resource, sourceFiles } from '@/test/locale-keys';

/** Every key the chat can show — its screen, the shared schema's messages, the server's — has an English and a French text. */
const KEY = /['`](agent\.[A-Za-z_]+(?:\.[A-Za-z_]+)*)['`]/g;

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '../../../../..');

/** Keys built at run time from a value. */
const dynamicKeys = [
  ...PROMPT_TYPES.flatMap((type) => [`agent.promptType.${type}`, `agent.promptType.hints.${type}`]),
  ...['ASSISTANT_RATE_LIMIT', 'AI_UNAVAILABLE'].map((code) => `agent.errors.${code}`),
];

describe('chat assistant texts', () => {
  const sharedKeys = keysIn(join(repo, 'packages/shared/src/assistant.ts'), KEY);
  const screenKeys = sourceFiles(here)
    .flatMap((file) => keysIn(file, KEY))
    .filter((key) => !key.endsWith('.'));

  it('finds the keys it checks', () => {
    expect(sharedKeys).toContain('agent.validation.questionRequired');
    expect(screenKeys).toContain('agent.greeting');
  });

  it.each(['en', 'fr'])('every key has a %s text', (lng) => {
    const missing = [...new Set([...sharedKeys, ...screenKeys, ...dynamicKeys])].filter(
      (key) => typeof resource(lng, key) !== 'string',
    );
    expect(missing).toEqual([]);
  });

  it.each([
    ['agent.errors.invalidRequest', 'Invalid request parameters'],
    ['agent.promptType.email', 'Email'],
    ['agent.promptType.classification', 'Classification'],
    ['agent.title', 'AI chat assistant'],
  ])('says %s as the spec does', (key, text) => {
    expect(resource('en', key)).toBe(text);
  });
});
