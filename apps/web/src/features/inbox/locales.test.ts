import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { keysIn, resource, sourceFiles } from '@/test/locale-keys';
import { SHORTCUTS } from './components/shortcuts-help';

/** Every key the webmail can show — its screens, the shared schema's messages, the server's — has an English and a French text. */
const KEY = /['`](inbox\.[A-Za-z_]+(?:\.[A-Za-z_]+)*)['`]/g;

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '../../../../..');

/** Keys built at run time from a value. */
const dynamicKeys = [
  ...['inbox', 'sent', 'drafts', 'trash', 'junk', 'spam', 'important', 'starred', 'flagged', 'snoozed', 'archive', 'all'].map(
    (n) => `inbox.folders.names.${n}`,
  ),
  ...['compose', 'reply', 'replyAll', 'forward', 'draft'].map((m) => `inbox.compose.titles.${m}`),
  ...SHORTCUTS.map(([, action]) => `inbox.shortcuts.${action}`),
];

describe('webmail texts', () => {
  const sharedKeys = keysIn(join(repo, 'packages/shared/src/mailbox.ts'), KEY);
  const serverKeys = sourceFiles(join(repo, 'apps/server/src/modules/mailbox')).flatMap((file) => keysIn(file, KEY));
  const screenKeys = sourceFiles(here)
    .flatMap((file) => keysIn(file, KEY))
    .filter((key) => !key.endsWith('.'));

  it('finds the keys it checks', () => {
    expect(sharedKeys).toContain('inbox.validation.recipientRequired');
    expect(serverKeys).toContain('inbox.validation.attachmentsTooLarge');
    expect(screenKeys).toContain('inbox.empty');
  });

  it.each(['en', 'fr'])('every key has a %s text', (lng) => {
    // A text, or a list of texts (the month names).
    const isText = (value: unknown) =>
      typeof value === 'string' || (Array.isArray(value) && value.every((item) => typeof item === 'string'));
    const plural = (key: string) => [`${key}_one`, `${key}_other`].some((k) => isText(resource(lng, k)));
    const missing = [...new Set([...sharedKeys, ...serverKeys, ...screenKeys, ...dynamicKeys])].filter(
      (key) => !isText(resource(lng, key)) && !plural(key),
    );
    expect(missing).toEqual([]);
  });

  it.each([
    ['inbox.empty', 'No emails found.'],
    ['inbox.loaded', 'Emails loaded successfully!'],
    ['inbox.folders.error', 'Failed to fetch folders'],
    ['inbox.compose.sent', 'Email sent successfully!'],
    ['inbox.validation.recipientRequired', 'At least one recipient is required'],
    ['inbox.validation.subjectRequired', 'Subject is required'],
    ['inbox.validation.messageRequired', 'Message is required'],
    ['inbox.validation.attachmentsTooLarge', 'Attachments size must be less than 25MB'],
  ])('says %s as the spec does', (key, text) => {
    expect(resource('en', key)).toBe(text);
  });
});
