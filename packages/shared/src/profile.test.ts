import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, normalizeWebsite, profileInputSchema, profileUpdateSchema } from './profile';

describe('website normalisation (DESIGN §10)', () => {
  it.each([
    ['example.com', 'https://www.example.com'],
    ['shop.example.com', 'https://shop.example.com'],
    ['www.example.com', 'https://www.example.com'],
    ['example.com/contact', 'https://www.example.com/contact'],
    ['http://example.com', 'http://example.com'],
    ['  ', ''],
  ])('%s → %s', (raw, expected) => expect(normalizeWebsite(raw)).toBe(expected));
});

describe('profile schema', () => {
  const valid = { businessSector: 'retail', role: 'Owner' };
  const message = (input: object) => profileInputSchema.safeParse({ ...valid, ...input }).error?.issues[0]?.message;

  it('accepts the minimum and defaults the optional fields', () => {
    expect(profileInputSchema.parse(valid)).toEqual({ ...valid, phoneNumber: '', website: '' });
  });

  it('uses the spec message keys', () => {
    expect(message({ businessSector: '' })).toBe('profile.fieldRequired');
    expect(message({ role: 'ab' })).toBe('profile.role.tooShort');
    expect(message({ phoneNumber: '12345' })).toBe('profile.phone.tooShort');
    expect(message({ phoneNumber: '1234567890123456' })).toBe('profile.phone.tooLong');
    expect(message({ phoneNumber: '1 2 3 4 5' })).toBe('profile.phone.tooShort');
    expect(message({ phoneNumber: '+33 6 12 34 56 78 90 12 34' })).toBe('profile.phone.tooLong');
    expect(message({ phoneNumber: '++12345678' })).toBe('profile.phone.invalid');
    expect(message({ website: 'mailto:a@b.c' })).toBe('profile.url.error');
  });

  it('accepts common phone formats', () => {
    // Digits are counted, not characters: a French mobile written the usual way has 11 digits in 17 characters.
    for (const phoneNumber of [
      '+33612345678',
      '(555) 123-4567',
      '06 12 34 56 78',
      '555.123.4567',
      '+33 6 12 34 56 78',
      '+1 (514) 555-0199',
    ]) {
      expect(message({ phoneNumber })).toBeUndefined();
    }
  });
});

describe('the daily digest settings (issue 36, item 4)', () => {
  it('knows IANA time zones by their canonical names', () => {
    expect(canonicalTimeZone('Europe/Paris')).toBe('Europe/Paris');
    expect(canonicalTimeZone('europe/paris')).toBe('Europe/Paris');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    expect(canonicalTimeZone('Mars/Olympus_Mons')).toBeNull();
    expect(canonicalTimeZone('')).toBeNull();
    expect(canonicalTimeZone('Europe/Paris<script>')).toBeNull();
  });

  it('takes a language, a time zone and the switch, each on its own', () => {
    expect(profileUpdateSchema.parse({ timeZone: 'america/new_york' })).toEqual({ timeZone: 'America/New_York' });
    expect(profileUpdateSchema.parse({ dailyDigest: false })).toEqual({ dailyDigest: false });
    const issue = (body: object) => profileUpdateSchema.safeParse(body).error?.issues[0]?.message;
    expect(issue({ language: 'es' })).toBe('profile.language.invalid');
    expect(issue({ timeZone: 'Nowhere/Town' })).toBe('profile.timeZone.invalid');
  });
});
