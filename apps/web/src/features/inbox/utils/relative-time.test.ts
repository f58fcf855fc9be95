import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { fullDate, relativeTime } from './relative-time';

const now = new Date(2026, 10, 22, 12, 0, 0);
const before = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

describe('relativeTime', () => {
  const cases: [string, string | null, Record<'en' | 'fr' | 'es', string>][] = [
    ['no date', null, { en: '', fr: '', es: '' }],
    ['an unreadable date', 'not a date', { en: '', fr: '', es: '' }],
    ['seconds ago', before(20), { en: 'now', fr: 'maintenant', es: 'ahora' }],
    ['seconds ahead', before(-20), { en: 'now', fr: 'maintenant', es: 'ahora' }],
    ['a minute ago', before(70), { en: '1 minute ago', fr: 'il y a 1 minute', es: 'hace 1 minuto' }],
    ['minutes ago', before(5 * 60), { en: '5 minutes ago', fr: 'il y a 5 minutes', es: 'hace 5 minutos' }],
    ['an hour ago', before(3600), { en: '1 hour ago', fr: 'il y a 1 heure', es: 'hace 1 hora' }],
    ['hours ago', before(5 * 3600), { en: '5 hours ago', fr: 'il y a 5 heures', es: 'hace 5 horas' }],
    ['a day ago', before(30 * 3600), { en: 'yesterday', fr: 'hier', es: 'ayer' }],
    ['days ago', before(3 * 86_400), { en: '3 days ago', fr: 'il y a 3 jours', es: 'hace 3 días' }],
    ['this year', new Date(2026, 1, 3, 9).toISOString(), { en: 'Feb 3', fr: '3 févr.', es: '3 feb' }],
    ['an earlier year', new Date(2025, 11, 24, 9).toISOString(), { en: 'Dec 24, 2025', fr: '24 déc. 2025', es: '24 dic 2025' }],
    ['ahead of the clock', new Date(2026, 10, 23, 9).toISOString(), { en: 'Nov 23', fr: '23 nov.', es: '23 nov' }],
  ];

  for (const [name, iso, expected] of cases)
    it(`says ${name} in each language`, () => {
      for (const language of ['en', 'fr', 'es'] as const)
        expect(relativeTime(iso, i18n.getFixedT(language), now), language).toBe(expected[language]);
    });

  it('reads as Intl would have written it', () => {
    const date = new Date(2025, 11, 24, 9);
    for (const [language, locale] of [
      ['en', 'en-US'],
      ['fr', 'fr-FR'],
    ] as const) {
      const intl = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' }).format(date);
      expect(relativeTime(date.toISOString(), i18n.getFixedT(language), now)).toBe(intl);
      const minutes = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(-5, 'minute');
      expect(relativeTime(before(300), i18n.getFixedT(language), now)).toBe(minutes);
    }
  });
});

describe('fullDate', () => {
  it('writes the date and time as Intl would, morning, evening, midnight and noon', () => {
    for (const date of [
      new Date(2026, 10, 3, 9, 5),
      new Date(2026, 10, 3, 21, 42),
      new Date(2026, 0, 1, 0, 0),
      new Date(2026, 4, 7, 12, 30),
    ])
      for (const [language, locale] of [
        ['en', 'en-US'],
        ['fr', 'fr-FR'],
        ['es', 'es'],
      ] as const) {
        const intl = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
        expect(fullDate(date.toISOString(), i18n.getFixedT(language))).toBe(intl.replace('\u202f', ' '));
      }
  });

  it('writes nothing for a missing or unreadable date', () => {
    expect(fullDate(null, i18n.t)).toBe('');
    expect(fullDate('soon', i18n.t)).toBe('');
  });
});
