import { describe, expect, it } from 'vitest';
import { addDays, digestDay, wallClock, zonedInstant } from './local-time';

describe('local time of the digest', () => {
  it('finds 8:00 in a time zone, summer time included', () => {
    expect(zonedInstant('2026-03-10', 8, 'Europe/Paris').toISOString()).toBe('2026-03-10T07:00:00.000Z');
    expect(zonedInstant('2026-07-10', 8, 'Europe/Paris').toISOString()).toBe('2026-07-10T06:00:00.000Z');
    expect(zonedInstant('2026-07-10', 8, 'America/New_York').toISOString()).toBe('2026-07-10T12:00:00.000Z');
    expect(zonedInstant('2026-07-10', 8, 'Asia/Kolkata').toISOString()).toBe('2026-07-10T02:30:00.000Z');
    expect(zonedInstant('2026-07-10', 8, 'UTC').toISOString()).toBe('2026-07-10T08:00:00.000Z');
  });

  it('is due from 8:00 local, for the day before 8:00 to that 8:00 (23 hours on the day clocks go forward)', () => {
    expect(digestDay(new Date('2026-03-29T05:59:00Z'), 'Europe/Paris')).toBeNull();
    const day = digestDay(new Date('2026-03-29T06:00:00Z'), 'Europe/Paris')!;
    expect(day.date).toBe('2026-03-29');
    expect(day.from.toISOString()).toBe('2026-03-28T07:00:00.000Z');
    expect(day.to.toISOString()).toBe('2026-03-29T06:00:00.000Z');
  });

  it('takes the local date, not the UTC one', () => {
    expect(wallClock(new Date('2026-03-10T23:30:00Z'), 'Pacific/Auckland').date).toBe('2026-03-11');
    expect(digestDay(new Date('2026-03-10T23:30:00Z'), 'Pacific/Auckland')?.date).toBe('2026-03-11');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
