import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { INVITATION_STATUSES } from '@app/shared/invitations';
import { passwordRules } from '@app/shared/password';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { teamKeyOf } from './utils/messages';

/** Every key these screens can show has an English and a French text. */
const KEY = /['`]((?:team|invitations)\.[A-Za-z_]+(?:\.[A-Za-z_]+)*)['`]/g;

function keysIn(file: string) {
  return [...readFileSync(file, 'utf8').matchAll(KEY)].map((m) => m[1]!);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'testing' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.includes('.test.') ? [path] : [];
  });
}

const here = dirname(fileURLToPath(import.meta.url));
const shared = join(here, '../../../../../packages/shared/src');

function resource(lng: string, key: string) {
  const [ns, ...rest] = key.split('.');
  return i18n.getResource(lng, ns!, rest.join('.')) as unknown;
}

/** Keys built at run time from a value: every value they can take. */
const dynamicKeys = [
  ...INVITATION_STATUSES.map((s) => `team.status.${s}`),
  ...['fileType', 'fileTooLarge', 'parse'].map((p) => `team.bulk.errors.${p}`),
  ...['invalidEmail', 'duplicateEmail', 'invalidConnectionMethod', 'invalidEnableSetting', 'nameTooLong'].map(
    (p) => `team.bulk.errors.${p}`,
  ),
  ...['invalid', 'expired', 'used'].map((r) => `team.verify.reasons.${r}`),
  ...['TEAM_LIMIT_REACHED', 'INVITATION_EXISTS', 'USER_EXISTS', 'INVITATION_DAILY_LIMIT', 'INVITATION_ACCEPTED'].map(
    (c) => `team.errors.${c}`,
  ),
  ...['INVALID_INVITATION', 'WRONG_CONNECTION_METHOD'].map((c) => `team.errors.${c}`),
  'team.errors.INVITATION_EXISTS_email',
  'team.errors.USER_EXISTS_email',
  'team.errors.TEAM_LIMIT_REACHED_count_one',
  'team.errors.TEAM_LIMIT_REACHED_count_other',
  'team.errors.INVITATION_DAILY_LIMIT_count_one',
  'team.errors.INVITATION_DAILY_LIMIT_count_other',
  ...['summary', 'more'].flatMap((k) => [`team.bulk.errors.${k}_one`, `team.bulk.errors.${k}_other`]),
  ...['readingRows', 'ready', 'restored', 'done'].flatMap((k) => [`team.bulk.${k}_one`, `team.bulk.${k}_other`]),
  // The server's password rule keys, read as sentences.
  ...passwordRules.map((rule) => teamKeyOf(rule.key)),
];

describe('team texts', () => {
  const sharedKeys = keysIn(join(shared, 'invitations.ts')).map(teamKeyOf);
  const screenKeys = sourceFiles(here)
    .flatMap(keysIn)
    // Prefixes of keys completed at run time (`team.bulk.errors.${…}`) are not keys.
    .filter((key) => !key.endsWith('.'));

  it('finds the keys it checks', () => {
    expect(sharedKeys).toContain('team.invitations.validation.invalidEmail');
    expect(sharedKeys).toContain('team.invitations.password.mismatch');
    expect(screenKeys).toContain('team.bulk.upload');
  });

  it.each(['en', 'fr'])('every key of the shared schema, the screens and the run-time keys has a %s text', (lng) => {
    const plural = (key: string) => [`${key}_one`, `${key}_other`].every((k) => typeof resource(lng, k) === 'string');
    const missing = [...new Set([...sharedKeys, ...screenKeys, ...dynamicKeys])].filter(
      (key) => typeof resource(lng, key) !== 'string' && !plural(key),
    );
    expect(missing).toEqual([]);
  });

  it.each([
    ['team.bulk.errors.fileType', 'Invalid file type. Please upload a CSV file.'],
    ['team.bulk.errors.missingHeaders', 'Missing required header names: {{list}}'],
    ['team.bulk.errors.invalidStructure', 'Invalid CSV structure: missing required columns.'],
    ['team.bulk.errors.invalidEmail', 'Invalid or missing email'],
    ['team.bulk.errors.duplicateEmail', 'Duplicate email address'],
    ['team.bulk.errors.invalidConnectionMethod', 'Invalid or missing connection method'],
    ['team.bulk.errors.summary_other', 'Validation failed with {{count}} errors'],
    ['team.bulk.errors.parse', 'Error parsing CSV file.'],
    ['team.bulk.errors.noData', 'No validated data to upload.'],
    ['team.bulk.upload', 'Upload Validated Data'],
    ['team.invitations.validation.invalidEmail', 'Please enter a valid email address.'],
    ['team.resend.failed', 'Failed to resend invitation'],
    ['team.delete.failed', 'Failed to delete invitation'],
    ['team.verify.noToken', 'No verification token provided. Please check the link or request a new verification email.'],
    ['team.verify.failed', 'An error occurred while verifying your token. Please try again later.'],
    ['team.setPassword.errors.bothRequired', 'Please fill in both password fields.'],
    ['team.setPassword.errors.minimumLength', 'Password must be at least 6 characters long.'],
    ['team.setPassword.errors.mismatch', 'Passwords do not match.'],
    ['team.setPassword.errors.failed', 'Failed to set password. Please try again.'],
    ['team.setPassword.errors.unexpected', 'An unexpected error occurred. Please try again.'],
    ['team.roles.administrator', 'Administrator'],
    ['team.roles.user', 'User'],
  ])('%s reads as the spec says', (key, text) => {
    expect(resource('en', key)).toBe(text);
  });
});
