/**
 * Wall-clock arithmetic in an IANA time zone, without a date library: what the local date and hour
 * are at an instant, and which instant a local date and hour is (DST included).
 */

/** The hour of the morning the digest is due at, in the owner's time zone. */
export const DIGEST_HOUR = 8;

export type LocalDate = string; // YYYY-MM-DD

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall clock in `timeZone` at `at`. */
export function wallClock(at: Date, timeZone: string) {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const n = (key: string) => Number(parts[key]);
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    year: n('year'),
    month: n('month'),
    day: n('day'),
    hour: n('hour'),
    minute: n('minute'),
    second: n('second'),
  };
}

/** How far `timeZone` is ahead of UTC at `at`, in milliseconds. */
function offsetAt(at: Date, timeZone: string) {
  const w = wallClock(at, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/**
 * The instant at which the wall clock in `timeZone` reads `hour`:00 on `date`. An hour skipped by a
 * DST change resolves to the instant just after it (the clock never reads it).
 */
export function zonedInstant(date: LocalDate, hour: number, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const naive = Date.UTC(y, m - 1, d, hour);
  let guess = naive - offsetAt(new Date(naive), timeZone);
  // A second pass settles a guess that crossed an offset change.
  guess = naive - offsetAt(new Date(guess), timeZone);
  return new Date(guess);
}

/** The calendar date `days` away from `date`. */
export function addDays(date: LocalDate, days: number): LocalDate {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * The digest due at `now` in `timeZone`, if any: once the local clock is past 8:00, the day's digest
 * covers the mail from 8:00 the day before to 8:00 that day (23 or 25 hours across a DST change).
 */
export function digestDay(now: Date, timeZone: string): { date: LocalDate; from: Date; to: Date } | null {
  const clock = wallClock(now, timeZone);
  const to = zonedInstant(clock.date, DIGEST_HOUR, timeZone);
  if (now.getTime() < to.getTime()) return null;
  return { date: clock.date, from: zonedInstant(addDays(clock.date, -1), DIGEST_HOUR, timeZone), to };
}
