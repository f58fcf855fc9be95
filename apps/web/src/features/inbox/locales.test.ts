import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { SHORTCUTS } from './components/shortcuts-help';

/** Every key the webmail can show — its screens, the shared schema's messages, the server's — has an English and a French text. */
const KEY = /['`](inbox\.[A-Za-z_]+(?:\.[A-Za-z_]+)*)['`]/g;

function keysIn(file: string) {
  return [...readFileSync(file, 'utf8').matchAll(KEY)].map((m) => m[1]!);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.includes('.test.') ? [path] : [];
  });
}

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '../../../../..');

function resource(lng: string, key: string) {
  const [ns, ...rest] = key.split('.');
  return i18n.getResource(lng, ns!, rest.join('.')) as unknown;
}

/** Keys built at run time from a value. */
const dynamicKeys = [
  ...['inbox', 'sent', 'drafts', 'trash', 'junk', 'spam', 'important', 'starred', 'flagged', 'snoozed', 'archive', 'all'].map(
    (n) => `inbox.folders.names.${n}`,
  ),
  ...['compose', 'reply', 'replyAll', 'forward'].map((m) => `inbox.compose.titles.${m}`),
  ...SHORTCUTS.map(([, action]) => `inbox.shortcuts.${action}`),
];

describe('webmail texts', () => {
  const sharedKeys = keysIn(join(repo, 'packages/shared/src/mailbox.ts'));
  const serverKeys = sourceFiles(join(repo, 'apps/server/src/modules/mailbox')).flatMap(keysIn);
  const screenKeys = sourceFiles(here)
    .flatMap(keysIn)
    .filter((key) => !key.endsWith('.'));

  it('finds the keys it checks', () => {
    expect(sharedKeys).toContain('inbox.validation.recipientRequired');
    expect(serverKeys).toContain('inbox.validation.attachmentsTooLarge');
    expect(screenKeys).toContain('inbox.empty');
  });

  it.each(['en', 'fr'])('every key has a %s text', (lng) => {
    const plural = (key: string) => [`${key}_one`, `${key}_other`].some((k) => typeof resource(lng, k) === 'string');
    const missing = [...new Set([...sharedKeys, ...serverKeys, ...screenKeys, ...dynamicKeys])].filter(
      (key) => typeof resource(lng, key) !== 'string' && !plural(key),
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
