import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { keysIn, resource, sourceFiles } from '@/test/locale-keys';

/** Every key the feedback screen and the shared schema can show has an English and a French text. */
const KEY = /['`](feedback\.[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*)['`]/g;
const here = dirname(fileURLToPath(import.meta.url));
const shared = join(here, '../../../../../packages/shared/src/feedback.ts');

describe('feedback texts', () => {
  const keys = [...new Set([...keysIn(shared, KEY), ...sourceFiles(here).flatMap((f) => keysIn(f, KEY))])];

  it('finds the keys it checks', () => {
    expect(keys).toContain('feedback.validation.invalidEmail');
    expect(keys).toContain('feedback.errors.FEEDBACK_RATE_LIMIT');
  });

  it.each(['en', 'fr'])('every key has a %s text', (lng) => {
    expect(keys.filter((key) => typeof resource(lng, key) !== 'string')).toEqual([]);
  });

  it.each([
    ['feedback.validation.required', 'Please fill in all fields.'],
    ['feedback.validation.invalidEmail', 'Please enter a valid email address.'],
    ['feedback.sent', "Message sent successfully! We'll be in touch soon."],
    ['feedback.errors.failed', 'An error occurred while sending your message. Please try again later.'],
    ['feedback.errors.unexpected', 'An unexpected error occurred.'],
  ])('%s reads as the spec says', (key, text) => {
    expect(resource('en', key)).toBe(text);
  });
});
