import { FETCH_RANGE_MAX_DAYS, fetchRangeDays } from '@app/shared/mail-settings';

/** A chosen period of calendar days (the end is included); `to` is missing while picking. */
export type DayRange = { from: Date | undefined; to?: Date | undefined };
export type CompleteRange = { from: Date; to: Date };

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The API carries calendar days: the client sends 'YYYY-MM-DD' and reads the first ten characters
 * of whatever it gets back ('2025-01-31' or '2025-01-31T00:00:00.000Z'), so a day never moves with
 * the user's time zone.
 */
export function toCalendarString(date: Date) {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function parseCalendarDate(value: string | null | undefined): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  if (!match) return undefined;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

export function rangeFromApi(
  range: { start?: string; end?: string; startDate?: string; endDate?: string } | null | undefined,
): CompleteRange | null {
  const from = parseCalendarDate(range?.startDate ?? range?.start);
  const to = parseCalendarDate(range?.endDate ?? range?.end);
  return from && to ? { from, to } : null;
}

/** The settings screen's spelling. */
export function rangeToApi(range: DayRange | null | undefined) {
  if (!range?.from) return null;
  return { startDate: toCalendarString(range.from), endDate: toCalendarString(range.to ?? range.from) };
}

/** The connect form's spelling. */
export function rangeToConnect(range: DayRange | null | undefined) {
  if (!range?.from) return null;
  return { start: toCalendarString(range.from), end: toCalendarString(range.to ?? range.from) };
}

export function isTooLong(range: DayRange | null | undefined, maxDays = FETCH_RANGE_MAX_DAYS) {
  return !!range?.from && !!range.to && fetchRangeDays(range.from, range.to) > maxDays;
}

/** Today minus (maxDays - 1) days … today: the longest period allowed, ending today. */
export function defaultRange(maxDays = FETCH_RANGE_MAX_DAYS, today = new Date()): CompleteRange {
  const to = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  const from = new Date(to.getFullYear(), to.getMonth(), to.getDate() - (maxDays - 1));
  return { from, to };
}
