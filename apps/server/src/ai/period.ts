/**
 * Calendar periods where the owner is ("today", "this week" in their time zone, weeks from Monday),
 * for the assistant's lookups. A time zone the runtime does not know is read as UTC.
 */
export type PeriodName = 'today' | 'yesterday' | 'thisWeek' | 'lastWeek' | 'thisMonth' | 'lastMonth' | 'lastDays';
export interface Period {
  name: PeriodName;
  /** For lastDays. */
  days?: number;
}

const DAY_MS = 86_400_000;

/** The time zone, or UTC when it is unknown (null, or a name the runtime does not know). */
export function knownZone(timeZone: string | null): string {
  if (!timeZone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/** The wall-clock date and time at `at` in `timeZone`. */
function wallClock(at: Date, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(at)
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
  return parts;
}

/** How far `timeZone` is ahead of UTC at `at`. */
function offsetMs(at: Date, timeZone: string): number {
  const p = wallClock(at, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant when the clock of `timeZone` reads `wall` (a wall-clock time written as if it were UTC, in ms). */
export function wallClockInstant(wall: number, timeZone: string | null): Date {
  const zone = knownZone(timeZone);
  const first = wall - offsetMs(new Date(wall), zone);
  return new Date(wall - offsetMs(new Date(first), zone));
}

/** The instant the local day (year, month 1-12, day; overflow allowed) begins in `timeZone`. */
function localMidnight(year: number, month: number, day: number, timeZone: string): Date {
  return wallClockInstant(Date.UTC(year, month - 1, day), timeZone);
}

/** The period's first instant (inclusive) and its end (exclusive), as the owner's calendar has them. */
export function periodBounds(period: Period, now: Date, timeZone: string | null): { since: Date; until: Date } {
  const zone = knownZone(timeZone);
  const { year, month, day } = wallClock(now, zone);
  const midnight = (offsetDays: number) => localMidnight(year, month, day + offsetDays, zone);
  // Monday 0 … Sunday 6.
  const weekday = (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
  switch (period.name) {
    case 'today':
      return { since: midnight(0), until: now };
    case 'yesterday':
      return { since: midnight(-1), until: midnight(0) };
    case 'thisWeek':
      return { since: midnight(-weekday), until: now };
    case 'lastWeek':
      return { since: midnight(-weekday - 7), until: midnight(-weekday) };
    case 'thisMonth':
      return { since: localMidnight(year, month, 1, zone), until: now };
    case 'lastMonth':
      return { since: localMidnight(year, month - 1, 1, zone), until: localMidnight(year, month, 1, zone) };
    case 'lastDays':
      return { since: new Date(now.getTime() - (period.days ?? 7) * DAY_MS), until: now };
  }
}
