import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { keysIn, resource, sourceFiles } from '@/test/locale-keys';

/** Every key these screens can show has an English and a French text. */
const KEY = /['`]((?:mailSettings|categories)\.[A-Za-z_]+(?:\.[A-Za-z_]+)*)['`]/g;

const here = dirname(fileURLToPath(import.meta.url));
const shared = join(here, '../../../../../packages/shared/src');
const server = join(here, '../../../../server/src/modules/mail-settings');

describe('mail settings texts', () => {
  const sharedKeys = [
    ...keysIn(join(shared, 'categories.ts'), KEY),
    ...keysIn(join(shared, 'mail-settings.ts'), KEY),
    ...keysIn(join(shared, 'dry-run.ts'), KEY),
    // The dry run's review answers its own keys.
    ...keysIn(join(server, 'dry-run.service.ts'), KEY),
  ];
  const screenKeys = sourceFiles(here).flatMap((file) => keysIn(file, KEY));

  it('finds the keys it checks', () => {
    expect(sharedKeys).toContain('categories.validation.nameInvalid');
    expect(sharedKeys).toContain('mailSettings.validation.invalidHost');
    expect(sharedKeys).toContain('mailSettings.dryRun.validation.sameCategory');
    expect(screenKeys).toContain('mailSettings.messages.starterPlanLimit');
  });

  it.each(['en', 'fr'])('every message key of the shared schemas and of the screens has a %s text', (lng) => {
    // A key used with a count may have only its i18next plural forms (`_one`, `_other`).
    const hasText = (key: string) => [key, `${key}_one`, `${key}_other`].some((k) => typeof resource(lng, k) === 'string');
    const missing = [...new Set([...sharedKeys, ...screenKeys])].filter((key) => !hasText(key));
    expect(missing).toEqual([]);
  });

  it.each([
    ['mailSettings.validation.invalidHost', 'Invalid URL (protocol not allowed)'],
    ['mailSettings.validation.invalidUser', 'Invalid user'],
    ['mailSettings.validation.periodTooLong', 'The time period must not be longer than 3 months.'],
    ['categories.validation.countRange', 'Please enter a number between 1 and 10'],
    ['mailSettings.connect.notice', 'Please select how to process your incoming emails and your mailbox type.'],
  ])('%s reads as the spec says', (key, text) => {
    expect(resource('en', key)).toBe(text);
  });
});
