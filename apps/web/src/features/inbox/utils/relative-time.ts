import type { TFunction } from 'i18next';

/**
 * A row's time as people read it, in the interface language: "5 minutes ago", "yesterday", "Nov 3",
 * "Nov 3, 2025". Written with the webmail's own `time` texts, not Intl: the first Intl date, number
 * or relative-time formatter a page builds costs ~50 ms (Chromium loads ICU's locale data), and the
 * list's first paint waited for it. A date ahead of the clock shows as a date.
 */
export function relativeTime(iso: string | null, t: TFunction, now = new Date()): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const ago = Math.round((now.getTime() - date.getTime()) / 1000);
  if (Math.abs(ago) < 60) return t('inbox.time.now');
  if (ago > 0 && ago < 3600) return t('inbox.time.minutes', { count: Math.round(ago / 60) });
  if (ago > 0 && ago < 86_400) return t('inbox.time.hours', { count: Math.round(ago / 3600) });
  if (ago > 0 && ago < 7 * 86_400) {
    const days = Math.round(ago / 86_400);
    return days === 1 ? t('inbox.time.yesterday') : t('inbox.time.days', { count: days });
  }
  return t(date.getFullYear() === now.getFullYear() ? 'inbox.time.date' : 'inbox.time.dateYear', dateParts(date, t));
}

/** The read panel's date, "Nov 3, 2026, 9:05 PM" or "3 nov. 2026, 21:05", from the same texts for the same reason. */
export function fullDate(iso: string | null, t: TFunction): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const hour = date.getHours();
  const time = t('inbox.time.clock', {
    hour,
    hour2: String(hour).padStart(2, '0'),
    hour12: hour % 12 || 12,
    minute: String(date.getMinutes()).padStart(2, '0'),
    period: hour < 12 ? 'AM' : 'PM',
  });
  return t('inbox.time.full', { ...dateParts(date, t), time });
}

function dateParts(date: Date, t: TFunction) {
  const months = t('inbox.time.months', { returnObjects: true }) as string[];
  return { day: date.getDate(), month: months[date.getMonth()], year: date.getFullYear() };
}

export function formatSize(bytes: number, locale: string) {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${units[unit]}`;
}
